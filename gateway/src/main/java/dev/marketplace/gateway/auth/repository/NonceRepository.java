package dev.marketplace.gateway.auth.repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import org.jboss.logging.Logger;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.infrastructure.PerEventLoop;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.UniEmitter;
import io.vertx.core.AsyncResult;
import io.vertx.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

/**
 * Nonces seen per consumer, shared by every gateway replica through the database. The tables take turns by generation
 * (see V3__nonce_generations.sql): a nonce is recorded in the current generation's table, where the primary key
 * (consumer, nonce) makes the first use win atomically, and looked up in the previous one; the table after the current
 * one holds only expired nonces and is truncated, so no nonce is ever deleted row by row or vacuumed.
 * <p>
 * Every signed call records its nonce, so that write has its own path: one connection per event loop, opened by that
 * loop, so the statement goes out and its answer comes back on the thread that serves the request. Each loop keeps
 * one statement in flight and sends the nonces that arrived meanwhile together in the next one (V5): under load,
 * PostgreSQL then records several nonces per statement, per transaction and per wake-up instead of one.
 */
@ApplicationScoped
public class NonceRepository {
    private static final String REMEMBER_ALL = "select recorded_key, recorded_nonce from oauth_nonce_remember_all($1, $2, $3, $4)";
    /** Bounds one statement's arrays; more waiting nonces go in the statement after. */
    private static final int MAX_BATCH = 256;
    private static final String STATEMENT_TIMEOUT = "5s";
    private static final Logger LOG = Logger.getLogger(NonceRepository.class);

    private final Pool pool;
    private final PerEventLoop<Batcher> writers;
    /** Nonces per statement: near 1 means PostgreSQL keeps up, larger values show the batching at work under load. */
    private final DistributionSummary batchSizes;
    /** Long enough that a nonce recorded in one generation has expired before the generation after next. */
    private final int generationSeconds;

    public NonceRepository(Pool pool, Vertx vertx, GatewayConfig config, MeterRegistry registry,
            @ConfigProperty(name = "quarkus.datasource.reactive.url") String url,
            @ConfigProperty(name = "quarkus.datasource.username") String user,
            @ConfigProperty(name = "quarkus.datasource.password") String password) {
        this.pool = pool;
        this.batchSizes = DistributionSummary.builder("gateway.nonce.batch.size")
                .description("Nonces recorded per database statement").register(registry);
        this.generationSeconds = (int) (2 * config.oauth1().timestampWindow().toSeconds() + 1);
        // the first URL when several are listed: the primary, like the pool's first choice
        PgConnectOptions options = PgConnectOptions.fromUri(url.split(",")[0].trim()).setUser(user).setPassword(password)
                .setCachePreparedStatements(true);
        // The nonce tables are unlogged, so PostgreSQL empties them after a crash whatever was flushed: waiting for the
        // commit record to reach the disk would buy nothing, and would put a WAL flush on every signed call.
        options.addProperty("synchronous_commit", "off");
        // a stalled database fails the waiting signed calls (503) instead of holding them for as long as it stalls
        options.addProperty("statement_timeout", STATEMENT_TIMEOUT);
        // Nonces are looked up by primary key, whatever the planner believes: the function's plans are cached per
        // connection, and one made while the previous generation's table was empty (just truncated, never analyzed)
        // hashed that whole table instead; once it held a generation of nonces, every call scanned all of them
        // (5 ms per call at 40,000 rows, growing with the table). These connections run nothing else.
        options.addProperty("enable_seqscan", "off");
        options.addProperty("enable_hashjoin", "off");
        options.addProperty("enable_mergejoin", "off");
        this.writers = new PerEventLoop<>(
                () -> new Batcher(PgBuilder.client().with(new PoolOptions().setMaxSize(1)).connectingTo(options).using(vertx).build()),
                Batcher::close);
    }

    /**
     * Records the nonce until {@code expiresAt}; emits true on first use, false on a replay. A row whose expiry has
     * passed (not yet truncated) counts as unused.
     */
    public Uni<Boolean> remember(String consumerKey, String nonce, Instant expiresAt) {
        return Uni.createFrom().emitter(emitter -> writers.current()
                .add(new Pending(consumerKey, nonce, OffsetDateTime.ofInstant(expiresAt, ZoneOffset.UTC), emitter)));
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

    private record Pending(String consumerKey, String nonce, OffsetDateTime expiresAt, UniEmitter<? super Boolean> emitter) {
        String id() {
            return consumerKey + '\n' + nonce;
        }
    }

    /**
     * The nonces of one event loop: one statement in flight, the nonces that arrive meanwhile wait for the next.
     * Synchronized for the one batcher that threads outside the event loops share; on a loop the lock is uncontended.
     */
    private final class Batcher {
        private final SqlClient client;
        /** Waiting nonces by consumer and nonce: a copy of a waiting one is a replay, refused without a round trip. */
        private final Map<String, Pending> waiting = new LinkedHashMap<>();
        private boolean inFlight;

        Batcher(SqlClient client) {
            this.client = client;
        }

        synchronized void add(Pending pending) {
            if (waiting.putIfAbsent(pending.id(), pending) != null) {
                pending.emitter().complete(false);
                return;
            }
            if (!inFlight) {
                send();
            }
        }

        private void send() {
            List<Pending> batch = new ArrayList<>(Math.min(waiting.size(), MAX_BATCH));
            Iterator<Pending> it = waiting.values().iterator();
            while (it.hasNext() && batch.size() < MAX_BATCH) {
                batch.add(it.next());
                it.remove();
            }
            String[] keys = new String[batch.size()];
            String[] nonces = new String[batch.size()];
            OffsetDateTime[] expires = new OffsetDateTime[batch.size()];
            for (int i = 0; i < keys.length; i++) {
                keys[i] = batch.get(i).consumerKey();
                nonces[i] = batch.get(i).nonce();
                expires[i] = batch.get(i).expiresAt();
            }
            inFlight = true;
            batchSizes.record(keys.length);
            client.preparedQuery(REMEMBER_ALL).execute(Tuple.of(keys, nonces, expires, generationSeconds))
                    .onComplete(result -> completed(batch, result));
        }

        private void completed(List<Pending> batch, AsyncResult<RowSet<Row>> result) {
            synchronized (this) {
                inFlight = false;
                if (!waiting.isEmpty()) {
                    send();
                }
            }
            if (result.failed()) {
                // the database, not the caller, failed: 503 (retry later), never a 403 or a 500
                LOG.warnf("Nonce store unavailable, %d signed call(s) refused with 503: %s", batch.size(), result.cause());
                ApiException unavailable = new ApiException(503, "SERVICE_UNAVAILABLE",
                        "Signed calls cannot be checked right now; try again later");
                batch.forEach(pending -> pending.emitter().fail(unavailable));
                return;
            }
            Set<String> recorded = new HashSet<>();
            for (Row row : result.result()) {
                recorded.add(row.getString(0) + '\n' + row.getString(1));
            }
            batch.forEach(pending -> pending.emitter().complete(recorded.contains(pending.id())));
        }

        void close() {
            client.close();
        }
    }
}
