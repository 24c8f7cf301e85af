package dev.marketplace.common.events;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

import javax.sql.DataSource;

import org.jboss.logging.Logger;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * The outbox rows not yet relayed, as two gauges: {@code outbox_backlog} (how many) and
 * {@code outbox_oldest_unsent_age_seconds} (how long the oldest has waited; 0 when none waits). The relay's own thread
 * refreshes them at most every {@code marketplace.outbox.metrics-interval} (one count over the partial index of unsent
 * rows), so a scrape never queries the database; the age is measured from the oldest row's time at each scrape, so it
 * keeps growing while the relay is stuck.
 */
final class OutboxBacklog {
    private static final Logger LOG = Logger.getLogger(OutboxBacklog.class);

    private final DataSource dataSource;
    private final Duration interval;
    private final Clock clock;
    private volatile long rows;
    private volatile Instant oldest;
    private volatile Instant refreshed = Instant.MIN;

    OutboxBacklog(DataSource dataSource, Duration interval, Clock clock, MeterRegistry registry) {
        this.dataSource = dataSource;
        this.interval = interval;
        this.clock = clock;
        Gauge.builder("outbox.backlog", this, b -> b.rows)
                .description("Outbox rows written but not yet relayed to Kafka").register(registry);
        Gauge.builder("outbox.oldest.unsent.age", this, OutboxBacklog::oldestAgeSeconds).baseUnit("seconds")
                .description("How long the oldest outbox row not yet relayed has waited (0: none waits)").register(registry);
    }

    double oldestAgeSeconds() {
        Instant first = oldest;
        return first == null ? 0 : Math.max(0, Duration.between(first, clock.instant()).toMillis() / 1000.0);
    }

    /** Counts again when the last count is older than the interval; a failure keeps the last values. */
    void refreshWhenDue() {
        Instant now = clock.instant();
        if (Duration.between(refreshed, now).compareTo(interval) < 0) {
            return;
        }
        refreshed = now;
        try {
            refresh();
        } catch (SQLException | RuntimeException e) {
            LOG.debugf("Outbox backlog not counted: %s", e.getMessage());
        }
    }

    void refresh() throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement q = c.prepareStatement(
                        "select count(*), min(created_at) from outbox_event where sent_at is null");
                ResultSet rs = q.executeQuery()) {
            rs.next();
            long count = rs.getLong(1);
            Timestamp first = rs.getTimestamp(2);
            oldest = first == null ? null : first.toInstant();
            rows = count;
        }
    }
}
