package dev.marketplace.testkit;

import java.util.Map;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * Points the service under test at a database of the JVM's shared PostgreSQL server. The database name comes from the
 * resource argument {@code database} (default {@code app}).
 */
public class PostgresResource implements QuarkusTestResourceLifecycleManager {
    private String database = "app";

    @Override
    public void init(Map<String, String> initArgs) {
        database = initArgs.getOrDefault("database", database);
    }

    @Override
    public Map<String, String> start() {
        return Postgres.datasourceConfig(database);
    }

    @Override
    public void stop() {
        // the server lives for the whole JVM, shared by every test class of the module
    }
}
