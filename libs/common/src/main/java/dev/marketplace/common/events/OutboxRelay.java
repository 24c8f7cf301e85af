package dev.marketplace.common.events;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import javax.sql.DataSource;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;

/**
 * Publishes committed outbox rows to Kafka ({@link OutboxPublisher}), oldest first, keyed by aggregate id (so each
 * aggregate's events keep their order in one partition), and marks them sent in the same database transaction. A
 * PostgreSQL advisory lock lets only one replica relay at a time. When the broker is unreachable the batch stops at the
 * first failure and the rest waits for the next poll: nothing is lost or reordered. Runs on a thread of its own with the
 * service's JDBC pool (the one Flyway uses), so it never blocks the event loop.
 * <p>
 * Between batches it sleeps on {@code LISTEN outbox_event} ({@link OutboxListener}): a trigger notifies that channel
 * when an insert commits, so an event leaves at once, and an idle service costs the database nothing but the fallback
 * poll. Polling every 100 ms instead had cost each idle service and PostgreSQL 40 statements a second, and left the JIT
 * compiling the relay's JDBC code minutes after start-up, in bursts of 0.1-0.3 s of a core (bench/gateway).
 * <p>
 * Rows sent longer ago than {@code marketplace.outbox.purge.retention} (7 days) are deleted every
 * {@code marketplace.outbox.purge.interval} ({@link OutboxPurge}).
 */
@ApplicationScoped
public class OutboxRelay {
    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);
    private static final long LOCK_KEY = 0x6f7574626f78L; // "outbox"

    private final OutboxConfig config;
    private final DataSource dataSource;
    private final OutboxPublisher publisher;
    private final OutboxListener listener;
    private final OutboxPurge purge;
    private final Counter published;
    private final OutboxBacklog backlog;
    private volatile boolean running;
    private volatile Thread thread;

    public OutboxRelay(OutboxConfig config, DataSource dataSource, String bootstrapServers, MeterRegistry registry) {
        this(config, OutboxPurge.DEFAULTS, dataSource, bootstrapServers, registry);
    }

    @Inject
    public OutboxRelay(OutboxConfig config, OutboxPurgeConfig purge, DataSource dataSource,
            @ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers, MeterRegistry registry) {
        this.config = config;
        this.dataSource = dataSource;
        this.publisher = new OutboxPublisher(config, bootstrapServers);
        this.listener = new OutboxListener(dataSource);
        this.published = Counter.builder("outbox.events.published").description("Outbox events relayed to Kafka")
                .register(registry);
        this.purge = new OutboxPurge(purge, dataSource, registry);
        this.backlog = new OutboxBacklog(dataSource, config.metricsInterval(), java.time.Clock.systemUTC(), registry);
        Gauge.builder("outbox.relay.listening", listener, l -> l.listening() ? 1 : 0)
                .description("1 while commits wake the outbox relay; 0 while it falls back to polling").register(registry);
    }

    /**
     * Runs on a thread of its own rather than with the Quarkus scheduler, whose shortest period is one second: every hop
     * through the outbox would otherwise add up to a second to a cross-service flow such as an order.
     */
    void start(@Observes StartupEvent event) {
        start();
    }

    public void start() {
        running = true;
        Thread relay = new Thread(this::run, "outbox-relay");
        relay.setDaemon(true);
        thread = relay;
        relay.start();
    }

    private void run() {
        while (running) {
            try {
                tick();
                backlog.refreshWhenDue();
                purge.whenDue();
                listener.await(pollMillis());
            } catch (RuntimeException e) {
                // whatever went wrong, the relay must keep running: the rows wait in the table for the next round
                LOG.warnf("Outbox relay round failed, trying again: %s", e.toString());
                listener.close();
                sleep(pollMillis());
            }
        }
        listener.close();
    }

    private long pollMillis() {
        return Math.max(10, config.pollInterval().toMillis());
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    void tick() {
        try {
            while (relayBatch() == config.batchSize()) {
                // a full batch: more may be waiting
            }
        } catch (Exception e) {
            LOG.debugf("Outbox relay will retry: %s", e.getMessage());
        }
    }

    /**
     * Deletes the rows sent longer ago than the retention ({@code marketplace.outbox.purge.retention}), a batch per
     * statement; rows not yet sent are never touched. Returns how many were deleted.
     */
    public int purgeSent() throws SQLException {
        return purge.sent();
    }

    /** Relays one batch; returns how many rows were published. */
    public int relayBatch() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                int sent = relayLocked(c);
                c.commit();
                return sent;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    private int relayLocked(Connection c) throws SQLException {
        try (PreparedStatement lock = c.prepareStatement("select pg_try_advisory_xact_lock(?)")) {
            lock.setLong(1, LOCK_KEY);
            try (ResultSet rs = lock.executeQuery()) {
                if (!rs.next() || !rs.getBoolean(1)) {
                    return 0;
                }
            }
        }
        List<OutboxRow> rows = new ArrayList<>();
        try (PreparedStatement q = c.prepareStatement(
                "select id, aggregate_id, type, envelope, traceparent from outbox_event where sent_at is null"
                        + " order by seq limit ?")) {
            q.setInt(1, config.batchSize());
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    rows.add(new OutboxRow(rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3), rs.getString(4),
                            rs.getString(5)));
                }
            }
        }
        int sent = 0;
        try (PreparedStatement mark = c.prepareStatement("update outbox_event set sent_at = now() where id = ?")) {
            for (OutboxRow row : rows) {
                if (!publisher.publish(row)) {
                    break;
                }
                mark.setObject(1, row.id());
                mark.executeUpdate();
                sent++;
            }
        }
        published.increment(sent);
        return sent;
    }

    /** Counts the rows not yet relayed now, for the gauges (the relay's thread does it every metrics interval). */
    public void countBacklog() throws SQLException {
        backlog.refresh();
    }

    /** Whether commits wake the relay (it LISTENs), rather than only the poll interval. */
    public boolean listening() {
        return listener.listening();
    }

    @PreDestroy
    public void close() {
        running = false;
        Thread relay = thread;
        if (relay != null) {
            listener.wake();
            try {
                // the relay notices at its next wake-up: the notification above, or the poll interval at the latest
                relay.join(pollMillis() + config.sendTimeout().toMillis() + 2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        publisher.close();
    }
}
