package dev.marketplace.devstack;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * AppDirect's own vendor library (service-integration-sdk 1.42, tests/vendor-sdk-app) running as a separate JVM on
 * loopback. Product credentials are added to its credentials file as products are created; it re-reads the file on
 * every lookup.
 */
public final class VendorApp implements AutoCloseable {
    private static final List<String> JAVA17_FLAGS = List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED",
            "--add-exports", "java.base/sun.net.www.protocol.http=ALL-UNNAMED",
            "--add-exports", "java.base/sun.net.www.protocol.https=ALL-UNNAMED");
    private static VendorApp instance;

    private volatile Process process;
    private final Path root;
    private final Path credentials;
    private final Path log;
    private final int port;

    private VendorApp(Path root, Process process, Path credentials, Path log, int port) {
        this.root = root;
        this.process = process;
        this.credentials = credentials;
        this.log = log;
        this.port = port;
    }

    public static synchronized VendorApp get() {
        if (instance == null) {
            try {
                instance = start(Path.of(System.getProperty("devstack.root", "../..")).toAbsolutePath().normalize());
            } catch (Exception e) {
                throw new IllegalStateException("The vendor application did not start", e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(instance::close));
        }
        return instance;
    }

    /** A vendor JVM of its own (callers close it); {@code root} is the repository with tests/vendor-sdk-app built. */
    public static VendorApp start(Path root) throws IOException, InterruptedException {
        return start(root, Files.createTempDirectory("vendor-sdk-app"), 0);
    }

    /**
     * A vendor JVM keeping its credentials file and log in {@code work} (kept across restarts: the credentials it
     * trusted still hold), listening on {@code port} (0: any free port).
     */
    public static VendorApp start(Path root, Path work, int port) throws IOException, InterruptedException {
        Files.createDirectories(work);
        Path credentials = work.resolve("credentials.properties");
        if (!Files.exists(credentials)) {
            Files.writeString(credentials, "");
        }
        Path log = work.resolve("vendor.log");
        Path portFile = work.resolve("port");
        Process process = launch(root, port, credentials, portFile, log);
        return new VendorApp(root, process, credentials, log, Integer.parseInt(Files.readString(portFile).trim()));
    }

    /** Whether tests/vendor-sdk-app is built in {@code root}. */
    public static boolean isBuilt(Path root) {
        return Files.exists(root.resolve("tests/vendor-sdk-app/target/vendor-sdk-app.jar"));
    }

    private static Process launch(Path root, int port, Path credentials, Path portFile, Path log)
            throws IOException, InterruptedException {
        Path app = root.resolve("tests/vendor-sdk-app/target");
        Files.deleteIfExists(portFile);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(JAVA17_FLAGS);
        command.addAll(List.of("-Xmx256m", "-XX:TieredStopAtLevel=1", "-cp",
                app.resolve("vendor-sdk-app.jar") + File.pathSeparator + app.resolve("lib") + "/*",
                "dev.marketplace.vendorsdk.VendorSdkApp", "--server.port=" + port, "--vendor.credentials.file=" + credentials,
                "--vendor.port.file=" + portFile));
        // appended: a restarted vendor's log continues the first one (the crash tests count deliveries in it)
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        // as long as the services get: on a loaded machine (load 50+ on 2 cores) its start alone took over 120 s
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        while (!Files.exists(portFile)) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                process.destroyForcibly();
                throw new IllegalStateException("vendor JVM not ready, see " + log);
            }
            Thread.sleep(100);
        }
        return process;
    }

    /** Stops the vendor (it is down: connections to its port are refused) until {@link #restart()}. */
    public synchronized void stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }

    /** Starts the vendor again on the same port, with the same credentials. */
    public synchronized void restart() throws IOException, InterruptedException {
        if (process.isAlive()) {
            return;
        }
        process = launch(root, port, credentials, credentials.resolveSibling("port"), log);
    }

    /** The processEvent endpoint as an event URL template of the product's integration settings. */
    public String eventUrlTemplate() {
        return "http://127.0.0.1:" + port + "/api/v1/integration/processEvent?eventUrl={eventUrl}";
    }

    /** Whether the vendor holds a secret for {@code consumerKey}. */
    public synchronized boolean trusts(String consumerKey) throws IOException {
        return trusted().containsKey(consumerKey);
    }

    private Properties trusted() throws IOException {
        Properties all = new Properties();
        try (var in = Files.newInputStream(credentials)) {
            all.load(in);
        }
        return all;
    }

    public synchronized void trust(String consumerKey, String consumerSecret) throws IOException {
        Properties all = trusted();
        all.setProperty(consumerKey, consumerSecret);
        Path next = credentials.resolveSibling("credentials.next");
        try (var out = Files.newOutputStream(next)) {
            all.store(out, null);
        }
        Files.move(next, credentials, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    public int port() {
        return port;
    }

    public String log() throws IOException {
        return Files.readString(log);
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
