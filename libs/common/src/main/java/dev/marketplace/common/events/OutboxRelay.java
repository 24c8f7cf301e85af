package dev.marketplace.common.events;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import org.postgresql.PGConnection;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;

/**
 * Publishes committed outbox rows to Kafka, oldest first, keyed by aggregate id (so each aggregate's events keep their
 * order in one partition), and marks them sent in the same database transaction. A PostgreSQL advisory lock lets only
 * one replica relay at a time. When the broker is unreachable the batch stops at the first failure and the rest waits
 * for the next poll: nothing is lost or reordered. Runs on a thread of its own with the service's JDBC pool (the one
 * Flyway uses), so it never blocks the event loop.
 * <p>
 * Between batches it sleeps on {@code LISTEN outbox_event}: a trigger notifies that channel when an insert commits, so
 * an event leaves at once, and an idle service costs the database nothing but the fallback poll. Polling every 100 ms
 * instead had cost each idle service and PostgreSQL 40 statements a second, and left the JIT compiling the relay's JDBC
 * code minutes after start-up, in bursts of 0.1-0.3 s of a core (bench/gateway).
 * <p>
 * Rows sent longer ago than {@code marketplace.outbox.purge.retention} (7 days) are deleted every
 * {@code marketplace.outbox.purge.interval}: Kafka holds the events, and a payload's personal data or sealed secrets
 * should not stay in the table for ever.
 */
@ApplicationScoped
public class OutboxRelay {
    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);
    private static final long LOCK_KEY = 0x6f7574626f78L; // "outbox"
    /** Notified by the trigger of V0_2__outbox_notify.sql when an insert into outbox_event commits. */
    private static final String CHANNEL = "outbox_event";

    private final OutboxConfig config;
    private final OutboxPurgeConfig purge;
    private final DataSource dataSource;
    private final String bootstrapServers;
    private final Counter published;
    private final Counter purged;
    private long nextPurgeNanos = System.nanoTime();
    private volatile KafkaProducer<String, String> producer;
    private volatile boolean brokerDownLogged;
    private volatile boolean running;
    private volatile Thread thread;
    /** The connection that LISTENs, used only by the relay thread; null while the database is unreachable. */
    private Connection listener;
    private volatile boolean listening;

    public OutboxRelay(OutboxConfig config, DataSource dataSource, String bootstrapServers, MeterRegistry registry) {
        this(config, DEFAULT_PURGE, dataSource, bootstrapServers, registry);
    }

    @jakarta.inject.Inject
    public OutboxRelay(OutboxConfig config, OutboxPurgeConfig purge, DataSource dataSource,
            @ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers, MeterRegistry registry) {
        this.config = config;
        this.purge = purge;
        this.dataSource = dataSource;
        this.bootstrapServers = bootstrapServers;
        this.published = Counter.builder("outbox.events.published").description("Outbox events relayed to Kafka")
                .register(registry);
        this.purged = Counter.builder("outbox.events.purged")
                .description("Sent outbox rows deleted after the retention period").register(registry);
        Gauge.builder("outbox.relay.listening", this, relay -> relay.listening ? 1 : 0)
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
                purgeWhenDue();
                awaitWork();
            } catch (RuntimeException e) {
                // whatever went wrong, the relay must keep running: the rows wait in the table for the next round
                LOG.warnf("Outbox relay round failed, trying again: %s", e.toString());
                closeListener();
                sleep(pollMillis());
            }
        }
        closeListener();
    }

    /**
     * Sleeps until a committed insert notifies the channel, or at most the poll interval. Right after (re)opening the
     * listener it returns at once, so that rows committed before the LISTEN took effect are relayed without waiting.
     */
    private void awaitWork() {
        long millis = pollMillis();
        try {
            if (listener == null) {
                Connection c = dataSource.getConnection();
                listener = c;
                c.setAutoCommit(true);
                try (Statement listen = c.createStatement()) {
                    listen.execute("LISTEN " + CHANNEL);
                }
                listening = true;
                return;
            }
            listener.unwrap(PGConnection.class).getNotifications((int) Math.min(Integer.MAX_VALUE, millis));
        } catch (SQLException e) {
            LOG.debugf("Outbox relay polls until it can listen again: %s", e.getMessage());
            closeListener();
            sleep(millis);
        }
    }

    private long pollMillis() {
        return Math.max(10, config.pollInterval().toMillis());
    }

    private void closeListener() {
        listening = false;
        Connection c = listener;
        listener = null;
        if (c != null) {
            try {
                c.close();
            } catch (SQLException e) {
                LOG.debugf("Closing the outbox listener: %s", e.getMessage());
            }
        }
    }

    private static void sleep(long millis) {
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

    private record Row(java.util.UUID id, String aggregateId, String type, String envelope, String traceparent) {
    }

    /** The defaults of {@link OutboxPurgeConfig}, for relays built by hand. */
    private static final OutboxPurgeConfig DEFAULT_PURGE = new OutboxPurgeConfig() {
        @Override
        public boolean enabled() {
            return true;
        }

        @Override
        public Duration retention() {
            return Duration.ofDays(7);
        }

        @Override
        public Duration interval() {
            return Duration.ofMinutes(10);
        }

        @Override
        public int batchSize() {
            return 10_000;
        }
    };

    private void purgeWhenDue() {
        if (!purge.enabled() || System.nanoTime() - nextPurgeNanos < 0) {
            return;
        }
        nextPurgeNanos = System.nanoTime() + purge.interval().toNanos();
        try {
            int deleted = purgeSent();
            if (deleted > 0) {
                LOG.debugf("Deleted %d outbox rows sent more than %s ago", deleted, purge.retention());
            }
        } catch (SQLException e) {
            LOG.debugf("Outbox purge will retry: %s", e.getMessage());
        }
    }

    /**
     * Deletes the rows sent longer ago than the retention ({@code marketplace.outbox.purge.retention}), a batch per
     * statement; rows not yet sent are never touched. Returns how many were deleted.
     */
    public int purgeSent() throws SQLException {
        int total = 0;
        try (Connection c = dataSource.getConnection(); PreparedStatement delete = c.prepareStatement(
                "delete from outbox_event where id in (select id from outbox_event where sent_at < ? order by sent_at limit ?)")) {
            c.setAutoCommit(true);
            int deleted;
            do {
                delete.setObject(1, java.time.OffsetDateTime.now(java.time.ZoneOffset.UTC).minus(purge.retention()));
                delete.setInt(2, Math.max(1, purge.batchSize()));
                deleted = delete.executeUpdate();
                total += deleted;
            } while (deleted >= purge.batchSize());
        }
        purged.increment(total);
        return total;
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
        List<Row> rows = new ArrayList<>();
        try (PreparedStatement q = c.prepareStatement(
                "select id, aggregate_id, type, envelope, traceparent from outbox_event where sent_at is null"
                        + " order by seq limit ?")) {
            q.setInt(1, config.batchSize());
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    rows.add(new Row(rs.getObject(1, java.util.UUID.class), rs.getString(2), rs.getString(3), rs.getString(4),
                            rs.getString(5)));
                }
            }
        }
        int sent = 0;
        try (PreparedStatement mark = c.prepareStatement("update outbox_event set sent_at = now() where id = ?")) {
            for (Row row : rows) {
                if (!publish(row)) {
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

    private boolean publish(Row row) {
        ProducerRecord<String, String> record = new ProducerRecord<>(config.topic(), row.aggregateId(), row.envelope());
        record.headers().add("event-type", row.type().getBytes(StandardCharsets.UTF_8));
        if (row.traceparent() != null) {
            // the consumer's span (SmallRye Kafka with OpenTelemetry) continues the trace of the request
            record.headers().add(TraceContext.TRACEPARENT, row.traceparent().getBytes(StandardCharsets.UTF_8));
        }
        try {
            producer().send(record).get(config.sendTimeout().toMillis() + 1000, TimeUnit.MILLISECONDS);
            if (brokerDownLogged) {
                LOG.info("Kafka reachable again, relaying waiting outbox events");
                brokerDownLogged = false;
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception e) {
            if (!brokerDownLogged) {
                LOG.warnf("Kafka unavailable, outbox events wait for the next attempt: %s", e.getMessage());
                brokerDownLogged = true;
            }
            return false;
        }
    }

    private KafkaProducer<String, String> producer() {
        KafkaProducer<String, String> p = producer;
        if (p == null) {
            synchronized (this) {
                if (producer == null) {
                    Properties props = new Properties();
                    // every kafka.* setting of the service (security.protocol, ssl.*, sasl.*), as SmallRye's channels
                    props.putAll(KafkaClientProperties.producer(ConfigProvider.getConfig()));
                    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
                    props.put(ProducerConfig.ACKS_CONFIG, "all");
                    props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
                    int timeout = (int) config.sendTimeout().toMillis();
                    props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, timeout);
                    props.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, timeout);
                    props.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, timeout);
                    props.put(ProducerConfig.LINGER_MS_CONFIG, 0);
                    props.put(ProducerConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, 1000);
                    props.put(ProducerConfig.CLIENT_ID_CONFIG, "outbox-relay");
                    producer = new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
                }
                p = producer;
            }
        }
        return p;
    }

    private void wakeRelay() {
        if (!listening) {
            return;
        }
        try (Connection c = dataSource.getConnection(); Statement notify = c.createStatement()) {
            notify.execute("select pg_notify('" + CHANNEL + "', '')");
        } catch (SQLException e) {
            LOG.debugf("Could not wake the outbox relay to stop it: %s", e.getMessage());
        }
    }

    /** Whether commits wake the relay (it LISTENs), rather than only the poll interval. */
    public boolean listening() {
        return listening;
    }

    @PreDestroy
    public void close() {
        running = false;
        Thread relay = thread;
        if (relay != null) {
            wakeRelay();
            try {
                // the relay notices at its next wake-up: the notification above, or the poll interval at the latest
                relay.join(pollMillis() + config.sendTimeout().toMillis() + 2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        KafkaProducer<String, String> p = producer;
        if (p != null) {
            p.close(java.time.Duration.ofSeconds(2));
        }
    }
}
