package dev.marketplace.gateway.auth.repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;

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
 * Nonces seen per consumer, shared by every gateway replica through the database: the primary key (consumer, nonce)
 * makes the first use win atomically.
 * <p>
 * Every signed call records its nonce, so that write has its own clients: one pipelined connection per event loop,
 * opened by that loop. The insert then goes out and its answer comes back on the thread that serves the request, and
 * concurrent inserts share one round of wake-ups in PostgreSQL instead of one backend each.
 */
@ApplicationScoped
public class NonceRepository {
    private static final String REMEMBER = "insert into oauth_nonce (consumer_key, nonce, expires_at) values ($1, $2, $3) "
            + "on conflict (consumer_key, nonce) do update set expires_at = excluded.expires_at "
            + "where oauth_nonce.expires_at < now()";

    private final Pool pool;
    private final PerEventLoop<SqlClient> writers;

    public NonceRepository(Pool pool, Vertx vertx, @ConfigProperty(name = "quarkus.datasource.reactive.url") String url,
            @ConfigProperty(name = "quarkus.datasource.username") String user,
            @ConfigProperty(name = "quarkus.datasource.password") String password) {
        this.pool = pool;
        // the first URL when several are listed: the primary, like the pool's first choice
        PgConnectOptions options = PgConnectOptions.fromUri(url.split(",")[0].trim()).setUser(user).setPassword(password)
                .setCachePreparedStatements(true).setPipeliningLimit(PgConnectOptions.DEFAULT_PIPELINING_LIMIT);
        this.writers = new PerEventLoop<>(
                () -> PgBuilder.client().with(new PoolOptions().setMaxSize(1)).connectingTo(options).using(vertx).build(),
                SqlClient::close);
    }

    /**
     * Records the nonce until {@code expiresAt}; emits true on first use, false on a replay. A row whose expiry has
     * passed (not yet cleaned up) counts as unused.
     */
    public Uni<Boolean> remember(String consumerKey, String nonce, Instant expiresAt) {
        Tuple args = Tuple.of(consumerKey, nonce, OffsetDateTime.ofInstant(expiresAt, ZoneOffset.UTC));
        return Uni.createFrom().completionStage(() -> writers.current().preparedQuery(REMEMBER).execute(args)
                .map(rows -> rows.rowCount() == 1).toCompletionStage());
    }

    /** Deletes at most {@code limit} expired nonces: small deletes keep the clean-up from stalling signed calls. */
    public Uni<Integer> deleteExpired(int limit) {
        return pool.preparedQuery("delete from oauth_nonce where ctid = any (array("
                + "select ctid from oauth_nonce where expires_at < now() limit $1))")
                .execute(io.vertx.mutiny.sqlclient.Tuple.of(limit)).map(rows -> rows.rowCount());
    }

    @PreDestroy
    void close() {
        writers.close();
    }
}
