package dev.marketplace.gateway.infrastructure;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import io.vertx.pgclient.PgConnectOptions;

/**
 * Connection settings for the gateway's own long-lived PostgreSQL connections (LISTEN), which
 * live outside the Quarkus pool: the pool's URL and credentials, the first host when several are listed (the primary,
 * like the pool's first choice).
 */
@ApplicationScoped
public class DatabaseConnections {
    private final String url;
    private final String user;
    private final String password;

    public DatabaseConnections(@ConfigProperty(name = "quarkus.datasource.reactive.url") String url,
            @ConfigProperty(name = "quarkus.datasource.username") String user,
            @ConfigProperty(name = "quarkus.datasource.password") String password) {
        this.url = url.split(",")[0].trim();
        this.user = user;
        this.password = password;
    }

    /** Fresh options (callers add their own session settings). */
    public PgConnectOptions options() {
        return PgConnectOptions.fromUri(url).setUser(user).setPassword(password);
    }
}
