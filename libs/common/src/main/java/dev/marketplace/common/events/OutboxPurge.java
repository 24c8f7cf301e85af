package dev.marketplace.common.events;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import javax.sql.DataSource;

import org.jboss.logging.Logger;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Deletes outbox rows sent longer ago than {@code marketplace.outbox.purge.retention}, every
 * {@code marketplace.outbox.purge.interval}, on the relay's thread: Kafka holds the events, and a payload's personal
 * data or sealed secrets should not stay in the table for ever. Rows not yet sent are never touched.
 */
final class OutboxPurge {
    private static final Logger LOG = Logger.getLogger(OutboxRelay.class); // one log category for the relay

    /** The defaults of {@link OutboxPurgeConfig}, for relays built by hand. */
    static final OutboxPurgeConfig DEFAULTS = new OutboxPurgeConfig() {
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

    private final OutboxPurgeConfig purge;
    private final DataSource dataSource;
    private final Counter purged;
    private long nextPurgeNanos = System.nanoTime();

    OutboxPurge(OutboxPurgeConfig purge, DataSource dataSource, MeterRegistry registry) {
        this.purge = purge;
        this.dataSource = dataSource;
        this.purged = Counter.builder("outbox.events.purged")
                .description("Sent outbox rows deleted after the retention period").register(registry);
    }

    void whenDue() {
        if (!purge.enabled() || System.nanoTime() - nextPurgeNanos < 0) {
            return;
        }
        nextPurgeNanos = System.nanoTime() + purge.interval().toNanos();
        try {
            int deleted = sent();
            if (deleted > 0) {
                LOG.debugf("Deleted %d outbox rows sent more than %s ago", deleted, purge.retention());
            }
        } catch (SQLException e) {
            LOG.debugf("Outbox purge will retry: %s", e.getMessage());
        }
    }

    /** Deletes the rows sent before the retention, a batch per statement; returns how many were deleted. */
    int sent() throws SQLException {
        int total = 0;
        try (Connection c = dataSource.getConnection(); PreparedStatement delete = c.prepareStatement(
                "delete from outbox_event where id in (select id from outbox_event where sent_at < ? order by sent_at limit ?)")) {
            c.setAutoCommit(true);
            int deleted;
            do {
                delete.setObject(1, OffsetDateTime.now(ZoneOffset.UTC).minus(purge.retention()));
                delete.setInt(2, Math.max(1, purge.batchSize()));
                deleted = delete.executeUpdate();
                total += deleted;
            } while (deleted >= purge.batchSize());
        }
        purged.increment(total);
        return total;
    }
}
