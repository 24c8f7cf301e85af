package dev.marketplace.bench;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.marketplace.devstack.JavaService;

/**
 * The processes a gateway benchmark run starts and measures ({@link OsAccounting}): each service as its own JVM as in
 * its pod, with the run's BENCH_ENV_, BENCH_NICE_ and BENCH_JAVA_OPTS settings, and nginx as the reference proxy.
 */
final class BenchProcesses {
    /** What the JVM of a service chooses by itself in its pod; BENCH_JAVA_OPTS come after these, so they can override. */
    static final List<String> POD_JVM_OPTIONS = List.of("-XX:+UseSerialGC", "-Xmx384m");

    private final OsAccounting os;
    private final List<Process> processes = new ArrayList<>();
    /** nginx as a plain reverse proxy in front of the stub: the reference for the gateway's CPU per proxied request. */
    private Process nginx;

    BenchProcesses(OsAccounting os) {
        this.os = os;
    }

    /** Starts {@code name} on {@code port}: {@code common}, its datasource, then {@code extra} and BENCH_ENV_ settings. */
    void start(String name, Path jar, int port, Map<String, String> common, Map<String, String> datasource,
            Map<String, String> extra) throws IOException {
        Map<String, String> env = new HashMap<>(common);
        datasource.forEach((k, v) -> env.put(k.toUpperCase().replace('.', '_').replace('-', '_'), v));
        // the prod profile refuses the development password; the embedded PostgreSQL trusts local connections
        env.put("QUARKUS_DATASOURCE_PASSWORD", "bench-db-" + java.util.UUID.randomUUID());
        env.put("QUARKUS_HTTP_PORT", String.valueOf(port));
        // packaged services answer /q/* on a management port of their own (awaitReady)
        env.put("QUARKUS_MANAGEMENT_PORT", String.valueOf(port + 1000));
        env.putAll(extra);
        // BENCH_ENV_<NAME>="KEY=VALUE KEY=VALUE" adds settings to one process (name upper-cased, '-' as '_')
        String added = System.getenv(settingsVariable(name));
        if (added != null && !added.isBlank()) {
            for (String setting : added.trim().split("\\s+")) {
                int eq = setting.indexOf('=');
                env.put(setting.substring(0, eq), setting.substring(eq + 1));
            }
        }
        Path log = Path.of("bench/gateway/target/" + name + ".log");
        List<String> command = new ArrayList<>();
        String nice = System.getenv("BENCH_NICE_" + name.toUpperCase().replace('-', '_'));
        if (nice != null && !nice.isBlank()) {
            command.addAll(List.of("nice", "-n", nice.trim()));
        }
        // The JVM as it runs in its pod (deploy/kubernetes: a 512 MiB memory limit, the images' -XX:MaxRAMPercentage=75):
        // a 384 MiB heap and, below 1,792 MiB of memory, the serial collector by the JVM's own ergonomics. Started here
        // on a machine with more memory, the JVM would pick G1, which the services never run with.
        List<String> jvmOptions = new ArrayList<>(POD_JVM_OPTIONS);
        String extraOptions = System.getenv("BENCH_JAVA_OPTS");
        if (extraOptions != null && !extraOptions.isBlank()) {
            // {name} lets each process write its own file, e.g. -XX:StartFlightRecording=filename=/tmp/{name}.jfr
            jvmOptions.addAll(List.of(extraOptions.replace("{name}", name).trim().split("\\s+")));
        }
        command.addAll(JavaService.command(jar, jvmOptions));
        System.out.println("bench: " + name + " on port " + port + " (log " + log + ")");
        Process process = JavaService.start(command, env, log, false);
        processes.add(process);
        os.measure(name, process.toHandle());
    }

    void awaitReady(int port) throws Exception {
        // packaged services answer /q/* on their management port (start)
        JavaService.awaitReady("port " + port, URI.create("http://localhost:" + (port + 1000) + "/q/health/ready"),
                System.nanoTime() + TimeUnit.SECONDS.toNanos(90), processes, "bench/gateway/target/*.log");
    }

    /**
     * Starts nginx (the Debian package: apt-get install -y nginx) as a plain reverse proxy to the stub, with as many
     * workers as the gateway has event loops (one per core) and kept-alive upstream connections; 0 when it is not
     * installed (the results say so).
     */
    int startNginx(int stubPort) throws IOException {
        Path nginxBinary = Path.of("/usr/sbin/nginx");
        if (!Files.isExecutable(nginxBinary)) {
            System.out.println("bench: nginx not installed (apt-get install -y nginx): no reference run");
            return 0;
        }
        int port = freePort();
        Path dir = Path.of("bench/gateway/target/nginx").toAbsolutePath();
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("nginx.conf"), """
                worker_processes %d;
                daemon off;
                pid %s/nginx.pid;
                error_log %s/error.log warn;
                events { worker_connections 4096; }
                http {
                    access_log off;
                    client_body_temp_path %s/body;
                    proxy_temp_path %s/proxy;
                    upstream stub { server 127.0.0.1:%d; keepalive 256; keepalive_timeout 10m; }
                    server {
                        listen 127.0.0.1:%d;
                        keepalive_requests 100000000;
                        keepalive_timeout 10m;
                        location / {
                            proxy_pass http://stub;
                            proxy_http_version 1.1;
                            proxy_set_header Connection "";
                        }
                    }
                }
                """.formatted(Runtime.getRuntime().availableProcessors(), dir, dir, dir, dir, stubPort, port));
        nginx = new ProcessBuilder(nginxBinary.toString(), "-p", dir.toString(), "-c", dir.resolve("nginx.conf").toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("nginx.log").toFile()).start();
        os.nginx(nginx);
        System.out.println("bench: nginx on port " + port + " (config " + dir.resolve("nginx.conf") + ")");
        return port;
    }

    /** Stops every process started, nginx included, and waits for each. */
    void stopAll() throws InterruptedException {
        if (nginx != null) {
            processes.add(nginx);
        }
        for (Process p : processes) {
            p.destroy();
        }
        for (Process p : processes) {
            p.waitFor(20, TimeUnit.SECONDS);
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static String settingsVariable(String process) {
        return "BENCH_ENV_" + process.toUpperCase().replace('-', '_');
    }

    /** What BENCH_ENV_<NAME> added to the measured processes, for the results' header. */
    static String processSettings() {
        List<String> added = new ArrayList<>();
        for (String process : List.of("gateway", "account-service")) {
            String value = System.getenv(settingsVariable(process));
            if (value != null && !value.isBlank()) {
                added.add(settingsVariable(process) + "=\"" + value.trim() + "\"");
            }
        }
        return added.isEmpty() ? "none" : String.join(", ", added);
    }
}
