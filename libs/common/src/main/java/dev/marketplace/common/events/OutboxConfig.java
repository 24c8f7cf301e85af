package dev.marketplace.common.events;

import java.time.Duration;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

@ConfigMapping(prefix = "marketplace.outbox")
public interface OutboxConfig {
    /** Kafka topic every domain event is published to. */
    @WithDefault("marketplace.domain-events")
    String topic();

    @WithDefault("100")
    int batchSize();

    /**
     * How often the relay looks for committed rows when no commit woke it (it LISTENs for them): how soon it tries
     * again while Kafka is down, and the most an event waits while the relay cannot listen.
     */
    @WithDefault("1s")
    Duration pollInterval();

    /** How long the relay waits for the broker before it gives up on a batch and tries again on the next tick. */
    @WithDefault("3s")
    Duration sendTimeout();

    /**
     * How often the relay counts the rows not yet relayed for its gauges ({@code outbox_backlog},
     * {@code outbox_oldest_unsent_age_seconds}): a scrape reads the last count, never the database.
     */
    @WithDefault("5s")
    Duration metricsInterval();
}
