package dev.marketplace.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;

import redis.embedded.RedisServer;

/**
 * One real redis-server per JVM (the Linux x86-64 Redis 6.2 binary shipped inside embedded-redis), on the loopback
 * interface. It keeps an append-only file, so that it can be stopped and started again with its keys (tests of a Redis
 * outage; the devstack across restarts), as a production Redis with persistence would.
 */
public final class Redis {
    private static RedisServer server;
    private static Path dataDirectory;
    private static int port;

    private Redis() {
    }

    /** Keeps the data in {@code directory} across runs and listens on {@code fixedPort} (the devstack); call before use. */
    public static synchronized void persistIn(Path directory, int fixedPort) {
        dataDirectory = directory;
        port = fixedPort;
    }

    /** {@code redis://127.0.0.1:<port>}, starting the server on first use. */
    public static synchronized String url() {
        start();
        return "redis://127.0.0.1:" + port;
    }

    public static synchronized int port() {
        start();
        return port;
    }

    /** Starts the server, or starts it again after {@link #stop()} on the same port and with the same data. */
    public static synchronized void start() {
        if (server != null && server.isActive()) {
            return;
        }
        try {
            if (dataDirectory == null) {
                dataDirectory = Files.createTempDirectory("redis-test");
                dataDirectory.toFile().deleteOnExit();
            }
            Files.createDirectories(dataDirectory);
            if (port == 0) {
                port = freePort();
            }
            if (server == null) {
                server = RedisServer.newRedisServer().port(port).bind("127.0.0.1")
                        .setting("dir " + dataDirectory.toAbsolutePath())
                        // every write in the append-only file (fsynced each second): a restart keeps the keys
                        .setting("appendonly yes")
                        .setting("save \"\"")
                        // the default: a full Redis refuses writes instead of evicting live nonces
                        .setting("maxmemory-policy noeviction")
                        .build();
                Runtime.getRuntime().addShutdownHook(new Thread(Redis::stop));
            }
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException("redis-server did not start", e);
        }
    }

    /** Stops the server (SIGTERM: Redis flushes its append-only file first); {@link #start()} brings it back. */
    public static synchronized void stop() {
        if (server == null || !server.isActive()) {
            return;
        }
        try {
            server.stop();
        } catch (IOException e) {
            throw new UncheckedIOException("redis-server did not stop", e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
