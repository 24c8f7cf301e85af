package dev.marketplace.gateway.auth.repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.infrastructure.PerEventLoop;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

/**
 * Nonces seen per consumer, shared by every gateway replica through the database. The tables take turns by generation
 * (see V3__nonce_generations.sql): a nonce is recorded in the current generation's table, where the primary key
 * (consumer, nonce) makes the first use win atomically, and looked up in the previous one; the table after the current
 * one holds only expired nonces and is truncated, so no nonce is ever deleted row by row or vacuumed.
 * <p>
 * Every signed call records its nonce, so that write has its own clients: one pipelined connection per event loop,
 * opened by that loop. The insert then goes out and its answer comes back on the thread that serves the request, and
 * concurrent inserts share one round of wake-ups in PostgreSQL instead of one backend each.
 */
@ApplicationScoped
public class NonceRepository {
    private static final String REMEMBER = "select oauth_nonce_remember($1, $2, $3, $4)";

    private final Pool pool;
    private final PerEventLoop<SqlClient> writers;
    /** Long enough that a nonce recorded in one generation has expired before the generation after next. */
    private final int generationSeconds;

    public NonceRepository(Pool pool, Vertx vertx, GatewayConfig config,
            @ConfigProperty(name = "quarkus.datasource.reactive.url") String url,
            @ConfigProperty(name = "quarkus.datasource.username") String user,
            @ConfigProperty(name = "quarkus.datasource.password") String password) {
        this.pool = pool;
        this.generationSeconds = (int) (2 * config.oauth1().timestampWindow().toSeconds() + 1);
        // the first URL when several are listed: the primary, like the pool's first choice
        PgConnectOptions options = PgConnectOptions.fromUri(url.split(",")[0].trim()).setUser(user).setPassword(password)
                .setCachePreparedStatements(true).setPipeliningLimit(PgConnectOptions.DEFAULT_PIPELINING_LIMIT);
        this.writers = new PerEventLoop<>(
                () -> PgBuilder.client().with(new PoolOptions().setMaxSize(1)).connectingTo(options).using(vertx).build(),
                SqlClient::close);
    }

    /**
     * Records the nonce until {@code expiresAt}; emits true on first use, false on a replay. A row whose expiry has
     * passed (not yet truncated) counts as unused.
     */
    public Uni<Boolean> remember(String consumerKey, String nonce, Instant expiresAt) {
        Tuple args = Tuple.of(consumerKey, nonce, OffsetDateTime.ofInstant(expiresAt, ZoneOffset.UTC), generationSeconds);
        return Uni.createFrom().completionStage(() -> writers.current().preparedQuery(REMEMBER).execute(args)
                .map(rows -> rows.iterator().next().getBoolean(0)).toCompletionStage());
    }

    /** Empties the table the next generation will use; emits true when it held rows. */
    public Uni<Boolean> truncateNextGeneration() {
        return pool.preparedQuery("select oauth_nonce_truncate_next($1)")
                .execute(io.vertx.mutiny.sqlclient.Tuple.of(generationSeconds))
                .map(rows -> rows.iterator().next().getInteger(0) >= 0);
    }

    @PreDestroy
    void close() {
        writers.close();
    }
}
