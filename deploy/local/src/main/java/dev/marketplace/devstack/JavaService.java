package dev.marketplace.devstack;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Starts a service of the suite as its own process and waits until it is ready: the one process starter of the
 * devstack, the end-to-end tests and the benchmarks (which choose their own JVM options and environment).
 */
public final class JavaService {
    private static final HttpClient READINESS = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private JavaService() {
    }

    /** {@code java <jvmOptions> -jar <jar>} with this JVM's {@code java}. */
    public static List<String> command(Path jar, List<String> jvmOptions) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", jar.toString()));
        return command;
    }

    /**
     * Starts {@code command} with {@code env} added to this process's environment, its output (standard error too) in
     * {@code log}: appended to ({@code append}, a restart) or written anew.
     */
    public static Process start(List<String> command, Map<String, String> env, Path log, boolean append) throws IOException {
        Files.createDirectories(log.toAbsolutePath().getParent());
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(append ? ProcessBuilder.Redirect.appendTo(log.toFile()) : ProcessBuilder.Redirect.to(log.toFile()));
        builder.environment().putAll(env);
        return builder.start();
    }

    /**
     * Waits until {@code ready} answers 200, failing when any of {@code watched} exits meanwhile or at
     * {@code deadlineNanos} ({@link System#nanoTime()}); {@code logs} says where to look then.
     */
    public static void awaitReady(String name, URI ready, long deadlineNanos, Collection<Process> watched, String logs)
            throws Exception {
        while (true) {
            try {
                HttpResponse<String> response = READINESS.send(HttpRequest.newBuilder(ready).timeout(Duration.ofSeconds(5)).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            for (Process p : watched) {
                if (!p.isAlive()) {
                    throw new IllegalStateException("A service exited during start-up; see " + logs);
                }
            }
            if (System.nanoTime() > deadlineNanos) {
                throw new IllegalStateException(name + " did not become ready; see its log under " + logs);
            }
            Thread.sleep(250);
        }
    }
}
