package dev.marketplace.gateway.auth.repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import org.jboss.logging.Logger;

import dev.marketplace.common.error.ApiException;
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
 * (see V3__nonce_generations.sql and {@link NonceStatements}): a nonce is recorded in the current generation's table,
 * where the primary key (consumer, nonce) makes the first use win atomically, and looked up in the previous one; the
 * table after the current one holds only expired nonces and is truncated, so no nonce is ever deleted row by row or
 * vacuumed. Generations follow the database's clock, so that every replica agrees on them: each replica measures how
 * far its own clock is from the database's whenever it truncates (every 30 s).
 * <p>
 * Every signed call records its nonce, so that write has its own path: one pipelined connection per event loop, opened
 * by that loop, so the statement goes out and its answer comes back on the thread that serves the request, and
 * concurrent statements share one round of wake-ups in PostgreSQL.
 */
@ApplicationScoped
public class NonceRepository {
    private static final String STATEMENT_TIMEOUT = "5s";
    private static final Logger LOG = Logger.getLogger(NonceRepository.class);

    private final Pool pool;
    private final PerEventLoop<SqlClient> writers;
    /** Long enough that a nonce recorded in one generation has expired before the generation after next. */
    private final int generationSeconds;
    /** The database's clock minus this replica's, in milliseconds. */
    private volatile long databaseClockOffsetMillis;
    private volatile long lastUnavailableLogMillis;

    public NonceRepository(Pool pool, Vertx vertx, GatewayConfig config,
            @ConfigProperty(name = "quarkus.datasource.reactive.url") String url,
            @ConfigProperty(name = "quarkus.datasource.username") String user,
            @ConfigProperty(name = "quarkus.datasource.password") String password) {
        this.pool = pool;
        this.generationSeconds = (int) (2 * config.oauth1().timestampWindow().toSeconds() + 1);
        // the first URL when several are listed: the primary, like the pool's first choice
        PgConnectOptions options = PgConnectOptions.fromUri(url.split(",")[0].trim()).setUser(user).setPassword(password)
                .setCachePreparedStatements(true).setPipeliningLimit(PgConnectOptions.DEFAULT_PIPELINING_LIMIT);
        // The nonce tables are unlogged, so PostgreSQL empties them after a crash whatever was flushed: waiting for the
        // commit record to reach the disk would buy nothing, and would put a WAL flush on every signed call.
        options.addProperty("synchronous_commit", "off");
        // a stalled database fails the waiting signed calls (503) instead of holding them for as long as it stalls
        options.addProperty("statement_timeout", STATEMENT_TIMEOUT);
        // Nonces are looked up by primary key, whatever the planner believes: plans are cached per connection, and one
        // made while the previous generation's table was empty (just truncated, never analyzed) hashed that whole
        // table instead; once it held a generation of nonces, every call scanned all of them (5 ms per call at 40,000
        // rows, growing with the table). These connections run nothing else.
        options.addProperty("enable_seqscan", "off");
        options.addProperty("enable_hashjoin", "off");
        options.addProperty("enable_mergejoin", "off");
        this.writers = new PerEventLoop<>(
                () -> PgBuilder.client().with(new PoolOptions().setMaxSize(1)).connectingTo(options).using(vertx).build(),
                SqlClient::close);
    }

    /**
     * Records the nonce until {@code expiresAt}; emits true on first use, false on a replay. A row whose expiry has
     * passed (not yet truncated) counts as unused.
     */
    public Uni<Boolean> remember(String consumerKey, String nonce, Instant expiresAt) {
        String statement = NonceStatements.at(System.currentTimeMillis() + databaseClockOffsetMillis, generationSeconds);
        Tuple args = Tuple.of(consumerKey, nonce, OffsetDateTime.ofInstant(expiresAt, ZoneOffset.UTC));
        return Uni.createFrom().emitter(emitter -> writers.current().preparedQuery(statement).execute(args)
                .onComplete(result -> {
                    if (result.succeeded()) {
                        emitter.complete(result.result().rowCount() == 1);
                    } else {
                        // the database, not the caller, failed: 503 (retry later), never a 403 or a 500
                        logUnavailable(result.cause());
                        emitter.fail(new ApiException(503, "SERVICE_UNAVAILABLE",
                                "Signed calls cannot be checked right now; try again later"));
                    }
                }));
    }

    /**
     * Measures how far this replica's clock is from the database's, then empties the table the next generation will
     * use; emits true when that table held rows.
     */
    public Uni<Boolean> truncateNextGeneration() {
        long sent = System.currentTimeMillis();
        return pool.query("select (extract(epoch from clock_timestamp()) * 1000)::bigint").execute()
                .invoke(rows -> {
                    // the database read its clock about half-way through the round trip
                    databaseClockOffsetMillis = rows.iterator().next().getLong(0) - (sent + System.currentTimeMillis()) / 2;
                })
                .chain(() -> pool.preparedQuery("select oauth_nonce_truncate_next($1)")
                        .execute(io.vertx.mutiny.sqlclient.Tuple.of(generationSeconds)))
                .map(rows -> rows.iterator().next().getInteger(0) >= 0);
    }

    /** At most one warning per 10 s: an outage refuses every signed call, the log needs to say so once. */
    private void logUnavailable(Throwable cause) {
        long now = System.currentTimeMillis();
        if (now - lastUnavailableLogMillis >= 10_000) {
            lastUnavailableLogMillis = now;
            LOG.warnf("Nonce store unavailable, signed calls are refused with 503: %s", cause);
        }
    }

    @PreDestroy
    void close() {
        writers.close();
    }
}
