package dev.marketplace.gateway.nonce.repository;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.jboss.logging.Logger;

import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.nonce.service.NonceLedger;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowStream;
import io.vertx.sqlclient.Tuple;

/**
 * The nonce leader's journal in PostgreSQL: every nonce it accepts is written behind, in batches (one statement per
 * flush, every few milliseconds), so that whichever replica leads next loads the nonces still in their window instead of
 * starting blind. The tables take turns by generation (see V3__nonce_generations.sql): a batch goes into the current
 * generation's table, and the table after the current one only holds expired nonces and is truncated, so no nonce is
 * ever deleted row by row or vacuumed. Generations follow the database's clock, which every replica agrees on; each
 * measures how far its own clock is from it whenever it truncates.
 */
@ApplicationScoped
public class NonceJournal {
    private static final Logger LOG = Logger.getLogger(NonceJournal.class);
    private static final int MAX_BATCH = 5_000;
    /** Beyond this many unwritten nonces (the database has been failing for a while) new ones are not journaled. */
    private static final int MAX_PENDING = 1_000_000;
    private static final String[] INSERT = new String[3];
    private static final String LOAD;

    static {
        List<String> selects = new ArrayList<>();
        for (int table = 0; table < 3; table++) {
            INSERT[table] = "insert into oauth_nonce_" + table + " (consumer_key, nonce, expires_at)"
                    + " select k, n, to_timestamp(e) from unnest($1::varchar[], $2::varchar[], $3::int8[]) as u(k, n, e)";
            selects.add("select consumer_key, nonce, extract(epoch from expires_at)::bigint from oauth_nonce_" + table
                    + " where expires_at > now()");
        }
        LOAD = String.join(" union all ", selects);
    }

    private record Entry(String consumerKey, String nonce, long expiresAt) {
    }

    private final Pool pool;
    private final io.vertx.core.Vertx vertx;
    private final int generationSeconds;
    private final AtomicBoolean flushing = new AtomicBoolean();
    private List<Entry> pending = new ArrayList<>();
    private long dropped;
    /** The database's clock minus this replica's, in milliseconds. */
    private volatile long databaseClockOffsetMillis;

    @Inject
    public NonceJournal(io.vertx.mutiny.sqlclient.Pool pool, io.vertx.core.Vertx vertx, GatewayConfig config) {
        this(pool.getDelegate(), vertx, (int) (2 * config.oauth1().timestampWindow().toSeconds() + 1));
    }

    /**
     * @param generationSeconds long enough that a nonce recorded in one generation has expired before the generation
     *        after next: 2 x timestamp window + 1 s
     */
    public NonceJournal(Pool pool, io.vertx.core.Vertx vertx, int generationSeconds) {
        this.pool = pool;
        this.vertx = vertx;
        this.generationSeconds = generationSeconds;
    }

    /** Queues an accepted nonce for the next flush. */
    public void append(String consumerKey, String nonce, long expiresAt) {
        synchronized (this) {
            if (pending.size() < MAX_PENDING) {
                pending.add(new Entry(consumerKey, nonce, expiresAt));
                return;
            }
            dropped++;
        }
    }

    public synchronized int pendingCount() {
        return pending.size();
    }

    /** Writes one batch of what is pending, unless a flush is running already; succeeds at once when idle. */
    public Future<Void> flush() {
        if (!flushing.compareAndSet(false, true)) {
            return Future.succeededFuture();
        }
        List<Entry> batch;
        long lost;
        synchronized (this) {
            if (pending.isEmpty()) {
                flushing.set(false);
                return Future.succeededFuture();
            }
            if (pending.size() <= MAX_BATCH) {
                batch = pending;
                pending = new ArrayList<>();
            } else {
                batch = new ArrayList<>(pending.subList(0, MAX_BATCH));
                pending.subList(0, MAX_BATCH).clear();
            }
            lost = dropped;
            dropped = 0;
        }
        if (lost > 0) {
            LOG.warnf("%d accepted nonces were not journaled (the journal could not be written for a while):"
                    + " a leader taking over would not know them", lost);
        }
        String[] keys = new String[batch.size()];
        String[] nonces = new String[batch.size()];
        Long[] expiries = new Long[batch.size()];
        for (int i = 0; i < keys.length; i++) {
            Entry entry = batch.get(i);
            keys[i] = entry.consumerKey();
            nonces[i] = entry.nonce();
            expiries[i] = entry.expiresAt();
        }
        int table = currentTable(System.currentTimeMillis() + databaseClockOffsetMillis, generationSeconds);
        return pool.preparedQuery(INSERT[table]).execute(Tuple.of(keys, nonces, expiries))
                .<Void>mapEmpty()
                .onFailure(failure -> {
                    // keep them for the next flush: they are what a successor must know
                    synchronized (this) {
                        batch.addAll(pending);
                        pending = batch;
                    }
                })
                .onComplete(done -> flushing.set(false));
    }

    /** Flushes until nothing is pending (or a flush fails). */
    public Future<Void> flushAll() {
        if (pendingCount() == 0 && !flushing.get()) {
            return Future.succeededFuture();
        }
        Promise<Void> done = Promise.promise();
        flushUntilEmpty(done, 0);
        return done.future();
    }

    private void flushUntilEmpty(Promise<Void> done, int attempts) {
        if (pendingCount() == 0 && !flushing.get()) {
            done.complete();
            return;
        }
        if (attempts > 1_000) {
            done.fail("the nonce journal could not be flushed");
            return;
        }
        Future<Void> step = flushing.get() ? Future.<Void>future(p -> vertx.setTimer(5, id -> p.complete())) : flush();
        step.onComplete(result -> {
            if (result.failed()) {
                done.fail(result.cause());
            } else {
                flushUntilEmpty(done, attempts + 1);
            }
        });
    }

    /** Loads the nonces still in their window into the ledger; emits how many. */
    public Future<Long> load(NonceLedger ledger) {
        return pool.withTransaction(connection -> connection.prepare(LOAD).compose(statement -> {
            Promise<Long> loaded = Promise.promise();
            long now = System.currentTimeMillis() / 1000;
            long[] count = { 0 };
            RowStream<Row> rows = statement.createStream(10_000);
            rows.exceptionHandler(loaded::tryFail);
            rows.endHandler(v -> loaded.tryComplete(count[0]));
            rows.handler(row -> {
                ledger.record(row.getString(0), row.getString(1), row.getLong(2), now);
                count[0]++;
            });
            return loaded.future();
        }));
    }

    /**
     * Measures how far this replica's clock is from the database's, then empties the table the next generation will
     * use; emits true when that table held rows.
     */
    public Future<Boolean> truncateNextGeneration() {
        long sent = System.currentTimeMillis();
        return pool.query("select (extract(epoch from clock_timestamp()) * 1000)::bigint").execute()
                .compose(rows -> {
                    // the database read its clock about half-way through the round trip
                    databaseClockOffsetMillis = rows.iterator().next().getLong(0) - (sent + System.currentTimeMillis()) / 2;
                    return pool.preparedQuery("select oauth_nonce_truncate_next($1)").execute(Tuple.of(generationSeconds));
                })
                .map(rows -> rows.iterator().next().getInteger(0) >= 0);
    }

    /** The table (0, 1 or 2) of the generation a moment falls in, on the database's clock. */
    public static int currentTable(long epochMillis, int generationSeconds) {
        return (int) (Math.floorDiv(epochMillis, generationSeconds * 1000L) % 3);
    }
}
