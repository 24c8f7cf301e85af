package dev.marketplace.common.events;

import java.time.Duration;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * How long sent outbox rows are kept ({@code marketplace.outbox.purge.*}). A sent row is only history (Kafka has the
 * event), and payloads may carry personal data or sealed secrets: {@link OutboxRelay} deletes rows sent longer ago than
 * the retention.
 */
@ConfigMapping(prefix = "marketplace.outbox.purge")
public interface OutboxPurgeConfig {
    @WithDefault("true")
    boolean enabled();

    /** Sent rows older than this are deleted; unsent rows are never deleted. */
    @WithDefault("7d")
    Duration retention();

    /** How often the relay looks for rows to delete. */
    @WithDefault("10m")
    Duration interval();

    /** Rows deleted per statement (a large backlog is deleted in several). */
    @WithDefault("10000")
    int batchSize();
}
