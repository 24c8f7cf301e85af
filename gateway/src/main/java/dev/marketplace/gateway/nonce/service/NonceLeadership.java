package dev.marketplace.gateway.nonce.service;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import org.jboss.logging.Logger;

import dev.marketplace.gateway.nonce.repository.LeaderRecord;
import dev.marketplace.gateway.nonce.repository.LeaderRecord.Leader;
import dev.marketplace.gateway.nonce.repository.NonceJournal;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;

/**
 * Which replica checks nonces. The replica whose PostgreSQL session holds the advisory lock leads: it checks every nonce
 * in its {@link NonceLedger} and journals them; the others ask it over the nonce link. Every replica keeps one
 * connection for this, LISTENs on it for leader changes, and every {@code leaseCheckInterval}:
 * <ul>
 * <li>a follower tries the lock, and otherwise reads who leads;</li>
 * <li>the leader proves its session is alive. A leader that cannot (no answer within the interval, or the connection
 * closed) stops leading at once and forgets its ledger, so it never answers after another replica may have taken
 * over.</li>
 * </ul>
 * Taking over: a successor of a leader that stepped down cleanly (journal flushed, row marked released) loads the
 * journal at once. A successor of a leader that vanished first waits {@code takeoverDelay}, longer than a cut-off
 * leader needs to notice and stop, so that the journal holds all it will ever write. Then it announces itself.
 * Until then nobody leads, and signed calls wait (see {@link NonceStore}).
 * <p>
 * Everything here runs on one Vert.x context; the hot path only reads the two volatile fields.
 */
public class NonceLeadership {
    private static final Logger LOG = Logger.getLogger(NonceLeadership.class);

    enum State {
        FOLLOWING, TAKING_OVER, LEADING, STEPPING_DOWN
    }

    private final Vertx vertx;
    private final PgConnectOptions options;
    private final LeaderRecord record;
    private final NonceJournal journal;
    private final NonceLedger ledger;
    private final long checkMillis;
    private final long takeoverDelayMillis;
    private final String instance = UUID.randomUUID().toString();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    private volatile State state = State.FOLLOWING;
    /** Where the leader listens, while this replica follows one it knows. */
    private volatile String leaderAddress;
    private volatile long changes;
    private Context context;
    private String ownAddress;
    private PgConnection connection;
    private boolean busy;
    /** A check was asked for while one ran (a NOTIFY): run another right after. */
    private boolean again;
    private boolean stopped;
    private long timer = -1;

    public NonceLeadership(Vertx vertx, PgConnectOptions options, LeaderRecord record, NonceJournal journal, NonceLedger ledger,
            Duration checkInterval, Duration takeoverDelay) {
        this.vertx = vertx;
        this.options = options;
        this.record = record;
        this.journal = journal;
        this.ledger = ledger;
        this.checkMillis = checkInterval.toMillis();
        this.takeoverDelayMillis = takeoverDelay.toMillis();
    }

    /** True while this replica checks nonces itself. */
    public boolean leading() {
        return state == State.LEADING;
    }

    /** The leader's link address while this replica follows a known leader, else null. */
    public String leaderAddress() {
        return leaderAddress;
    }

    /** Grows with every change of who leads, as seen here. */
    public long changes() {
        return changes;
    }

    /** Called (on the leadership context) whenever who leads changes. */
    public void onChange(Runnable listener) {
        listeners.add(listener);
    }

    public String instance() {
        return instance;
    }

    /** Starts taking part; {@code address} is where this replica's nonce link listens. */
    public void start(String address) {
        context = vertx.getOrCreateContext();
        context.runOnContext(v -> {
            ownAddress = address;
            timer = vertx.setPeriodic(checkMillis, id -> check());
            check();
        });
    }

    /** A follower could not reach the leader it knew, or heard it no longer leads: look again now. */
    public void recheck() {
        if (context != null) {
            context.runOnContext(v -> check());
        }
    }

    /**
     * Stops taking part. A leader first stops answering, writes its whole journal and marks its leadership released,
     * so that a successor starts at once and knows every nonce.
     */
    public Future<Void> stop() {
        if (context == null) {
            return Future.succeededFuture();
        }
        Promise<Void> done = Promise.promise();
        context.runOnContext(v -> {
            stopped = true;
            vertx.cancelTimer(timer);
            if (state != State.LEADING || connection == null) {
                fence("stopping");
                done.complete();
                return;
            }
            state = State.STEPPING_DOWN;
            changed();
            PgConnection held = connection;
            journal.flushAll()
                    .compose(flushed -> record.release(held, instance))
                    .onComplete(result -> {
                        if (result.failed()) {
                            LOG.warnf("Nonce leadership not handed back cleanly (%s): the next leader waits %d ms",
                                    result.cause().toString(), takeoverDelayMillis);
                        } else {
                            LOG.info("Nonce leadership handed back");
                        }
                        fence("stopped");
                        done.complete();
                    });
        });
        return done.future();
    }

    private void check() {
        if (stopped) {
            return;
        }
        if (busy) {
            again = true;
            return;
        }
        busy = true;
        again = false;
        connect().compose(this::checkOn).onComplete(result -> {
            busy = false;
            if (again) {
                context.runOnContext(v -> check());
            }
            if (result.failed()) {
                if (state != State.FOLLOWING) {
                    LOG.warnf("Nonce leadership lost: %s", result.cause().toString());
                } else {
                    LOG.debugf("Nonce leadership check failed: %s", result.cause().toString());
                }
                fence("check failed");
            }
        });
    }

    private Future<Void> checkOn(PgConnection held) {
        switch (state) {
            case LEADING:
                return withinLease(record.ping(held));
            case FOLLOWING:
                return record.tryLock(held).compose(locked -> locked ? takeOver(held)
                        : record.read(held).map(leader -> {
                            follow(leader != null && !leader.released() && !leader.instance().equals(instance)
                                    ? leader.address() : null);
                            return null;
                        }));
            default:
                return Future.succeededFuture();
        }
    }

    /** Fails unless the step completes within one check interval: a leader must know quickly that it lost its lease. */
    private Future<Void> withinLease(Future<Void> step) {
        Promise<Void> result = Promise.promise();
        long timeout = vertx.setTimer(checkMillis, id -> result.tryFail("no answer from the database within " + checkMillis + " ms"));
        step.onComplete(done -> {
            vertx.cancelTimer(timeout);
            if (done.succeeded()) {
                result.tryComplete();
            } else {
                result.tryFail(done.cause());
            }
        });
        return result.future();
    }

    private Future<Void> takeOver(PgConnection held) {
        state = State.TAKING_OVER;
        follow(null);
        return record.read(held).compose(previous -> {
            boolean clean = previous == null || previous.released() || previous.instance().equals(instance);
            if (!clean) {
                LOG.infof("Nonce leader %s (term %d) went away without handing over: waiting %d ms before taking over",
                        previous.address(), previous.term(), takeoverDelayMillis);
            }
            // this replica's own nonces of an earlier term go in before the journal is read back
            Future<Void> settled = clean ? journal.flushAll() : delay(takeoverDelayMillis).compose(v -> journal.flushAll());
            return settled.compose(v -> {
                ledger.clear();
                return journal.load(ledger);
            }).compose(loaded -> record.claim(held, instance, ownAddress).map(term -> {
                if (state != State.TAKING_OVER || held != connection) {
                    throw new IllegalStateException("lost the lock while taking over");
                }
                state = State.LEADING;
                LOG.infof("Leading nonce checks (term %d, %s) with %d nonces from the journal", term, ownAddress, loaded);
                changed();
                return null;
            }));
        });
    }

    private Future<Void> delay(long millis) {
        return Future.future(promise -> vertx.setTimer(Math.max(1, millis), id -> promise.complete()));
    }

    private void follow(String address) {
        if (!Objects.equals(address, leaderAddress)) {
            leaderAddress = address;
            if (address != null) {
                LOG.infof("Nonce checks go to the leader at %s", address);
            }
            changed();
        }
    }

    /** Stops leading (if it did), forgets the ledger and drops the connection, which releases the lock. */
    private void fence(String why) {
        boolean was = state != State.FOLLOWING;
        state = State.FOLLOWING;
        ledger.clear();
        if (connection != null) {
            PgConnection closing = connection;
            connection = null;
            closing.close();
        }
        if (was) {
            LOG.infof("No longer leading nonce checks (%s)", why);
            changed();
        }
    }

    private Future<PgConnection> connect() {
        if (connection != null) {
            return Future.succeededFuture(connection);
        }
        return PgConnection.connect(vertx, options).compose(opened -> {
            opened.closeHandler(v -> context.runOnContext(x -> {
                if (connection == opened) {
                    connection = null;
                    fence("connection closed");
                }
            }));
            opened.notificationHandler(notification -> context.runOnContext(x -> check()));
            return record.listen(opened).map(v -> {
                connection = opened;
                return opened;
            });
        });
    }

    private void changed() {
        changes++;
        for (Runnable listener : listeners) {
            listener.run();
        }
    }
}
