package dev.marketplace.devstack;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;

/**
 * A single-node KRaft Kafka broker in its own JVM, with its log directory kept on disk. Unlike the in-process test
 * broker it can be stopped and started again on the same port with its data, which is what a local run across restarts
 * needs, and what a test needs to prove that events written while the broker is down are not lost.
 */
public final class KafkaProcess implements AutoCloseable {
    private final Path directory;
    private final int port;
    private final int controllerPort;
    private Process process;

    private KafkaProcess(Path directory, int port, int controllerPort) {
        this.directory = directory;
        this.port = port;
        this.controllerPort = controllerPort;
    }

    /** Starts a broker keeping its data in {@code directory}; a port of 0 picks free ones. */
    public static KafkaProcess start(Path directory, int port) throws IOException, InterruptedException {
        int brokerPort = port == 0 ? freePort() : port;
        int controllerPort = port == 0 ? freePort() : port + 1;
        KafkaProcess kafka = new KafkaProcess(directory, brokerPort, controllerPort);
        kafka.start();
        return kafka;
    }

    /** The broker's process id (for the crash tests, which freeze it); -1 while stopped. */
    public synchronized long pid() {
        return process == null ? -1 : process.pid();
    }

    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    /** Starts the broker again after {@link #stop()}, on the same port and with the same data. */
    public synchronized void start() throws IOException, InterruptedException {
        if (process != null && process.isAlive()) {
            return;
        }
        Path config = writeConfig();
        if (!Files.exists(directory.resolve("data/meta.properties"))) {
            run(List.of("kafka.tools.StorageTool", "format", "--config", config.toString(), "--cluster-id",
                    Uuid.randomUuid().toString(), "--ignore-formatted"), directory.resolve("format.log"));
        }
        process = launch(List.of("kafka.Kafka", config.toString()), directory.resolve("kafka.log"));
        awaitReady(Duration.ofSeconds(60));
    }

    /** Stops the broker (SIGTERM, a clean shutdown); its data stays. */
    public synchronized void stop() throws InterruptedException {
        if (process == null) {
            return;
        }
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
        process = null;
    }

    @Override
    public void close() {
        try {
            stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private Path writeConfig() throws IOException {
        Files.createDirectories(directory.resolve("data"));
        Path config = directory.resolve("server.properties");
        Files.writeString(config, String.join("\n",
                "process.roles=broker,controller",
                "node.id=1",
                "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
                "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
                "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
                "controller.listener.names=CONTROLLER",
                "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                "inter.broker.listener.name=PLAINTEXT",
                "log.dirs=" + directory.resolve("data"),
                "num.partitions=3",
                "offsets.topic.replication.factor=1",
                "transaction.state.log.replication.factor=1",
                "transaction.state.log.min.isr=1",
                "share.coordinator.state.topic.replication.factor=1",
                "share.coordinator.state.topic.min.isr=1",
                "group.initial.rebalance.delay.ms=0",
                "auto.create.topics.enable=true",
                ""));
        return config;
    }

    private static void run(List<String> mainAndArgs, Path log) throws IOException, InterruptedException {
        Process p = launch(mainAndArgs, log);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException("Kafka storage format failed, see " + log);
        }
    }

    /** The broker runs from this JVM's own class path: Kafka is a dependency of the devstack already. */
    private static Process launch(List<String> mainAndArgs, Path log) throws IOException {
        List<String> command = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path")));
        command.addAll(mainAndArgs);
        return new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    }

    private void awaitReady(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("Kafka exited at start-up, see " + directory.resolve("kafka.log"));
            }
            if (accepts() && clusterAnswers()) {
                return;
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("Kafka did not become ready within " + timeout.toSeconds() + " s");
    }

    private boolean accepts() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private boolean clusterAnswers() {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 3000, AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 3000))) {
            return !admin.describeCluster().nodes().get(5, TimeUnit.SECONDS).isEmpty();
        } catch (Exception e) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
