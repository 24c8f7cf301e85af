package dev.marketplace.common.events.inbox;

import java.time.Duration;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** How the inbox retries, parks and keeps its records ({@code MARKETPLACE_CONSUMER_*}). */
@ConfigMapping(prefix = "marketplace.consumer")
public interface InboxConfig {
    /**
     * Whether the service consumes the domain-event topic through the inbox; read at build time
     * ({@code @IfBuildProperty} on {@link DomainEventInbox}), declared here so that the setting is a known one.
     */
    @WithDefault("false")
    boolean enabled();

    /** How often the {@code parked_events} gauge is counted again. */
    @WithDefault("30s")
    Duration gaugeInterval();

    /** How often processed-event records past {@link #processedRetention()} are deleted. */
    @WithDefault("1h")
    Duration purgeInterval();

    /** Attempts at an event while the database answers, before it is parked. */
    @WithDefault("6")
    int maxAttempts();

    /** The wait after the first failed attempt; it doubles up to {@link #maxBackoff()}. */
    @WithDefault("200ms")
    Duration initialBackoff();

    @WithDefault("5s")
    Duration maxBackoff();

    /**
     * The longest wait between tries while the database does not answer at all: those tries are not the event's fault,
     * are not counted, and go on until the database is back (an outage parks nothing).
     */
    @WithDefault("10s")
    Duration outageBackoff();

    /** How long a processed-event record is kept (longer than the topic keeps events, so a redelivery is recognised). */
    @WithDefault("14d")
    Duration processedRetention();
}
