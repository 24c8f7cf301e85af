package dev.marketplace.devstack;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The stack's service JVMs: each launched with its log under {@code logs/}, awaited until ready, killed and restarted
 * exactly as it was (the crash tests), and stopped gracefully, the last started first.
 */
final class ServiceProcesses {
    /** How long a group of services may take to start; a machine shared with other builds may need more (-D...). */
    private static final int READY_SECONDS = Integer.getInteger("devstack.ready-seconds", 180);

    private final Path logs;
    private final List<Process> processes = new ArrayList<>();
    private final Map<String, Launched> launched = new ConcurrentHashMap<>();

    /** A service process and what started it, so that it can be restarted exactly as it was. */
    private record Launched(String name, Path jar, Map<String, String> env, Process process) {
    }

    ServiceProcesses(Path logs) {
        this.logs = logs;
    }

    /**
     * Each service's JVM options: small and quick to start by default (C1 only, serial GC), or {@code devstack.jvm-options}
     * (space-separated) where a benchmark wants the services as production runs them, with the full JIT.
     */
    static List<String> jvmOptions() {
        String given = System.getProperty("devstack.jvm-options", "").trim();
        return given.isEmpty() ? List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1")
                : List.of(given.split("\\s+"));
    }

    /** Starts {@code name} (a module, or a gateway replica) from {@code jar} with {@code env}. */
    void launch(String name, Path jar, Map<String, String> env) throws IOException {
        processes.add(launch(name, jar, env, false));
    }

    /** {@code again}: a restart, whose log continues the killed process's one. */
    private Process launch(String name, Path jar, Map<String, String> env, boolean again) throws IOException {
        Path log = logs.resolve(name + ".log");
        List<String> jvm = new ArrayList<>(jvmOptions());
        jvm.add("-Dquarkus.profile=dev-stack");
        // the management interface of a packaged build starts only where it is enabled in the running profile
        jvm.add("-Dquarkus.management.enabled=true");
        List<String> command = JavaService.command(jar, jvm);
        System.out.println("devstack: starting " + name + " on port " + env.get("QUARKUS_HTTP_PORT") + " (log: " + log + ")");
        Process process = JavaService.start(command, env, log, again);
        launched.put(name, new Launched(name, jar, env, process));
        return process;
    }

    /** Kills a service's process with SIGKILL ({@code kill -9}: no shutdown hook, no graceful stop) and waits for it. */
    void kill(String module) throws InterruptedException {
        Launched service = launched.get(module);
        if (service == null) {
            throw new IllegalArgumentException(module + " was not started");
        }
        Process p = service.process();
        Signals.send(p.pid(), "KILL");
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException(module + " survived SIGKILL");
        }
        System.out.println("devstack: killed " + module + " (pid " + p.pid() + ", kill -9)");
    }

    /** Starts a killed service again with the same command and environment; waits until it is ready. */
    void restart(String module) throws Exception {
        Launched service = launched.get(module);
        if (service == null) {
            throw new IllegalArgumentException(module + " was not started");
        }
        if (service.process().isAlive()) {
            throw new IllegalStateException(module + " is still running");
        }
        processes.remove(service.process());
        processes.add(launch(module, service.jar(), service.env(), true));
        // health answers on the management port
        awaitReady(module, URI.create("http://localhost:" + service.env().get("QUARKUS_MANAGEMENT_PORT") + "/q/health/ready"));
    }

    /**
     * Starts a killed service again with settings of its own on top of its environment (a crash test's fault point);
     * the next {@link #restart(String)} starts it with the stack's environment again.
     */
    void restart(String module, Map<String, String> overrides) throws Exception {
        Launched service = launched.get(module);
        if (service == null) {
            throw new IllegalArgumentException(module + " was not started");
        }
        if (service.process().isAlive()) {
            throw new IllegalStateException(module + " is still running");
        }
        processes.remove(service.process());
        Map<String, String> env = new java.util.HashMap<>(service.env());
        env.putAll(overrides);
        Process process = launch(module, service.jar(), env, true);
        launched.put(module, new Launched(module, service.jar(), service.env(), process));
        processes.add(process);
        awaitReady(module, URI.create("http://localhost:" + service.env().get("QUARKUS_MANAGEMENT_PORT") + "/q/health/ready"));
    }

    /** Waits until a service's process has ended by itself (a fault point halted it); false when it is still running. */
    boolean awaitExit(String module, long seconds) throws InterruptedException {
        Launched service = launched.get(module);
        if (service == null) {
            throw new IllegalArgumentException(module + " was not started");
        }
        return service.process().waitFor(seconds, TimeUnit.SECONDS);
    }

    /** Waits until each service of a stack whose gateway is on {@code portBase} is ready. */
    void awaitReady(List<ServiceSpec> services, int portBase) throws Exception {
        // one deadline for the whole group, not one per service: a stack that cannot start fails within minutes
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_SECONDS);
        for (ServiceSpec service : services) {
            awaitReady(service.module(), URI.create("http://localhost:"
                    + (portBase + service.portOffset() + DevStack.MANAGEMENT_PORT_OFFSET) + "/q/health/ready"), deadline);
        }
    }

    void awaitReady(String name, URI ready) throws Exception {
        awaitReady(name, ready, System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_SECONDS));
    }

    private void awaitReady(String name, URI ready, long deadline) throws Exception {
        JavaService.awaitReady(name, ready, deadline, processes, logs.toString());
    }

    /** SIGTERM first: every service shuts down gracefully (in-flight requests finish, the relay stops). */
    void stop() {
        for (int i = processes.size() - 1; i >= 0; i--) {
            processes.get(i).destroy();
        }
        for (Process p : processes) {
            try {
                if (!p.waitFor(15, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            }
        }
        processes.clear();
    }
}
