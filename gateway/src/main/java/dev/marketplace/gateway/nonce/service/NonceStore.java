package dev.marketplace.gateway.nonce.service;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Iterator;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import org.jboss.logging.Logger;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.infrastructure.DatabaseConnections;
import dev.marketplace.gateway.infrastructure.PerEventLoop;
import dev.marketplace.gateway.nonce.link.LinkClient;
import dev.marketplace.gateway.nonce.link.LinkClient.LinkFailure;
import dev.marketplace.gateway.nonce.link.LinkProtocol;
import dev.marketplace.gateway.nonce.link.LinkProtocol.Answer;
import dev.marketplace.gateway.nonce.link.LinkServer;
import dev.marketplace.gateway.nonce.repository.LeaderRecord;
import dev.marketplace.gateway.nonce.repository.NonceJournal;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;

/**
 * Nonces seen per consumer within their window, shared by every gateway replica: the answer to "has this consumer used
 * this nonce before?" for each signed call, first use wins, atomically across replicas.
 * <p>
 * One replica, the nonce leader ({@link NonceLeadership}), holds the nonces in memory ({@link NonceLedger}) and
 * journals them behind to PostgreSQL ({@link NonceJournal}); the others ask it over the nonce link. On the leader a
 * check is a hash-table lookup on the request's own thread. A PostgreSQL statement per signed call had cost PostgreSQL
 * and the gateway together more CPU than all the gateway's other work on a request (bench/gateway).
 * <p>
 * While no leader is known (start-up, a hand-over) a check waits, up to {@code leader-wait}; then, or when the leader
 * is lost with the check's answer, the signed call is answered 503 (try again), never 403 or 200.
 */
@ApplicationScoped
public class NonceStore {
    private static final Logger LOG = Logger.getLogger(NonceStore.class);
    private static final long SWEEP_MILLIS = 100;
    private static final long FULL_WARNING_SECONDS = 60;
    /** A check the leader did not take (unreachable, or no longer leading) is asked again after this, or on a change. */
    private static final long RETRY_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final Vertx vertx;
    private final NonceLedger ledger;
    private final NonceJournal journal;
    private final NonceLeadership leadership;
    private final LinkServer server;
    private final PerEventLoop<LinkClient> clients;
    private final GatewayConfig.Nonce config;
    private final long leaderWaitNanos;
    private final ConcurrentLinkedQueue<Waiter> waiting = new ConcurrentLinkedQueue<>();
    private final Counter unavailable;
    private final Counter ledgerFull;
    /** When the next "ledger full" warning may be logged (System.nanoTime()). */
    private final AtomicLong fullWarningDue = new AtomicLong(System.nanoTime());
    private long flushTimer = -1;
    private long sweepTimer = -1;

    /** A check waiting for a leader: retried when who leads changes, or (after a failed try) at {@code retryAt}. */
    private record Waiter(Check check, long seenChanges, long retryAt) {
    }

    private record Check(String consumerKey, String nonce, long expiresAt, long deadline, Promise<Boolean> result,
            Context context) {
    }

    @Inject
    public NonceStore(Vertx vertx, GatewayConfig config, DatabaseConnections database, LeaderRecord record, NonceJournal journal,
            MeterRegistry registry) {
        this(vertx, config.nonce(), config.encryptionKey(), database.options(), record, journal, registry);
    }

    /** A replica's store (tests build several against one database). */
    public NonceStore(Vertx vertx, GatewayConfig.Nonce config, String encryptionKey, PgConnectOptions database, LeaderRecord record,
            NonceJournal journal, MeterRegistry registry) {
        this.vertx = vertx;
        this.config = config;
        this.journal = journal;
        this.ledger = new NonceLedger(config.maxEntries());
        this.leadership = new NonceLeadership(vertx, database, record, journal, ledger, config.leaseCheckInterval(),
                config.takeoverDelay());
        this.leaderWaitNanos = config.leaderWait().toNanos();
        byte[] linkKey = LinkProtocol.linkKey(encryptionKey);
        this.server = new LinkServer(vertx, config.bindHost(), linkKey, this::checkHere);
        long linkTimeout = config.linkTimeout().toMillis();
        this.clients = new PerEventLoop<>(() -> new LinkClient(vertx, linkKey, linkTimeout), LinkClient::close);
        leadership.onChange(this::sweep);
        Gauge.builder("gateway.nonce.leader", leadership, l -> l.leading() ? 1 : 0)
                .description("1 while this replica checks nonces itself (the nonce leader)").register(registry);
        Gauge.builder("gateway.nonce.ledger.size", ledger, NonceLedger::size)
                .description("Nonces held in memory by this replica (the leader)").register(registry);
        Gauge.builder("gateway.nonce.journal.pending", journal, NonceJournal::pendingCount)
                .description("Accepted nonces not yet written to the journal").register(registry);
        this.unavailable = Counter.builder("gateway.nonce.unavailable")
                .description("Signed calls answered 503 because no nonce leader could check them").register(registry);
        this.ledgerFull = Counter.builder("gateway.nonce.ledger.full")
                .description("Signed calls answered 503 because the nonce ledger held its maximum of live nonces")
                .register(registry);
    }

    void onStart(@Observes StartupEvent event) {
        start();
    }

    void onStop(@Observes ShutdownEvent event) {
        stop();
    }

    /** Opens the nonce link and starts taking part in the leadership. */
    public void start() {
        int port = config.port();
        String host = config.advertisedHost().orElseGet(NonceStore::localAddress);
        server.listen(port).onComplete(bound -> {
            if (bound.failed()) {
                LOG.errorf("Nonce link cannot listen on port %d (%s): this replica will never lead nonce checks", port,
                        bound.cause().toString());
                leadership.start(null);
                return;
            }
            leadership.start(host + ":" + bound.result());
        });
        flushTimer = vertx.setPeriodic(config.journalInterval().toMillis(), id -> journal.flush()
                .onFailure(e -> LOG.debugf("Nonce journal flush failed, kept for the next: %s", e.toString())));
        sweepTimer = vertx.setPeriodic(SWEEP_MILLIS, id -> sweep());
    }

    /**
     * Hands leadership back (when leading) and closes the link, after one lease-check interval during which it answers
     * "not the leader": followers that still send here then ask the successor instead of losing their checks.
     */
    public void stop() {
        boolean wasLeading = leadership.leading();
        try {
            leadership.stop().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            if (wasLeading) {
                Thread.sleep(config.leaseCheckInterval().toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            LOG.warnf("Nonce leadership did not stop cleanly: %s", e.toString());
        }
        vertx.cancelTimer(flushTimer);
        vertx.cancelTimer(sweepTimer);
        server.close();
        clients.close();
    }

    /**
     * Records a nonce first used now; emits true on first use, false on a replay, fails with 503 when it cannot tell.
     *
     * @param expiresAt the epoch second from which the nonce may be used again
     */
    public Future<Boolean> remember(String consumerKey, String nonce, long expiresAt) {
        Promise<Boolean> result = Promise.promise();
        attempt(new Check(consumerKey, nonce, expiresAt, System.nanoTime() + leaderWaitNanos, result, Vertx.currentContext()));
        return result.future();
    }

    /** True while this replica is the nonce leader. */
    public boolean leading() {
        return leadership.leading();
    }

    public NonceLeadership leadership() {
        return leadership;
    }

    private void attempt(Check check) {
        long seen = leadership.changes();
        Answer here = checkHere(check.consumerKey(), check.nonce(), check.expiresAt());
        if (here != Answer.NOT_LEADER) {
            settle(check, here);
            return;
        }
        String leader = leadership.leaderAddress();
        if (leader == null) {
            waitForLeader(check, seen, Long.MAX_VALUE);
            return;
        }
        clients.current().check(leader, check.consumerKey(), check.nonce(), check.expiresAt()).onComplete(asked -> {
            if (asked.succeeded() && asked.result() != Answer.NOT_LEADER) {
                settle(check, asked.result());
            } else if (asked.succeeded() || !((LinkFailure) asked.cause()).sent()) {
                // the leader never saw it (or no longer leads): look again, ask again shortly
                leadership.recheck();
                waitForLeader(check, seen, System.nanoTime() + RETRY_NANOS);
            } else {
                LOG.debugf("Nonce check lost on its way to the leader: %s", asked.cause().getMessage());
                fail(check);
            }
        });
    }

    /** The check done by this replica: NOT_LEADER unless it leads. */
    private Answer checkHere(String consumerKey, String nonce, long expiresAt) {
        if (!leadership.leading()) {
            return Answer.NOT_LEADER;
        }
        switch (ledger.record(consumerKey, nonce, expiresAt, System.currentTimeMillis() / 1000)) {
            case FRESH:
                journal.append(consumerKey, nonce, expiresAt);
                return Answer.FRESH;
            case REPLAY:
                return Answer.REPLAY;
            default:
                return Answer.FULL;
        }
    }

    private void settle(Check check, Answer answer) {
        switch (answer) {
            case FRESH -> check.result().complete(true);
            case REPLAY -> check.result().complete(false);
            default -> {
                ledgerFull.increment();
                warnLedgerFull();
                fail(check);
            }
        }
    }

    /**
     * Once per {@value #FULL_WARNING_SECONDS} s at most: a full ledger refuses every new nonce, so a warning (or a count
     * taking all stripe locks) per refused call would add work and log volume exactly while the gateway is overloaded.
     */
    private void warnLedgerFull() {
        long due = fullWarningDue.get();
        long now = System.nanoTime();
        if (now - due >= 0 && fullWarningDue.compareAndSet(due, now + TimeUnit.SECONDS.toNanos(FULL_WARNING_SECONDS))) {
            LOG.warnf("The nonce ledger holds its maximum of %d live nonces: signed calls are refused with 503 until some"
                    + " expire (counted in gateway.nonce.ledger.full; this warning repeats at most every %d s)",
                    config.maxEntries(), FULL_WARNING_SECONDS);
        }
    }

    private void waitForLeader(Check check, long seenChanges, long retryAt) {
        if (System.nanoTime() - check.deadline() >= 0) {
            fail(check);
            return;
        }
        waiting.add(new Waiter(check, seenChanges, retryAt));
        if (leadership.changes() != seenChanges) {
            sweep();
        }
    }

    /** Retries the checks whose leader changed since they began waiting; fails those that waited too long. */
    private void sweep() {
        long now = System.nanoTime();
        long changes = leadership.changes();
        for (Iterator<Waiter> it = waiting.iterator(); it.hasNext();) {
            Waiter waiter = it.next();
            Check check = waiter.check();
            if (now - check.deadline() >= 0) {
                it.remove();
                fail(check);
            } else if (waiter.seenChanges() != changes || now - waiter.retryAt() >= 0) {
                it.remove();
                if (check.context() != null) {
                    check.context().runOnContext(v -> attempt(check));
                } else {
                    attempt(check);
                }
            }
        }
    }

    private void fail(Check check) {
        unavailable.increment();
        check.result().tryFail(new ApiException(503, "SERVICE_UNAVAILABLE",
                "Signed calls cannot be checked right now; try again later"));
    }

    private static String localAddress() {
        try {
            return InetAddress.getLocalHost().getHostAddress();
        } catch (UnknownHostException e) {
            return "127.0.0.1";
        }
    }

    /** Drops the ledger's expired buckets and truncates the journal's next generation (see NonceCleanup). */
    public Future<Boolean> cleanUp() {
        ledger.dropExpired(System.currentTimeMillis() / 1000);
        return journal.truncateNextGeneration();
    }
}
