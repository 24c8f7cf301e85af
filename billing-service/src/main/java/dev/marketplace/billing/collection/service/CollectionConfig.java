package dev.marketplace.billing.collection.service;

import java.time.Duration;
import java.util.List;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Collection of due invoices, dunning and expiring-card notices (README, "Collection and dunning"). */
@ConfigMapping(prefix = "marketplace.billing.collection")
public interface CollectionConfig {
    /** How often the collection job looks for invoices due or retries due (the scheduler's {@code every}). */
    @WithDefault("1h")
    String every();

    /**
     * When a declined card is charged again, counted from the invoice's due date: after the last failure the invoice is
     * OVERDUE and its subscriptions are suspended. Empty: the first failure is the last.
     */
    @WithDefault("1d,3d,7d")
    List<Duration> retryAfter();

    /**
     * How long a replica holds an invoice it is charging: longer than a charge can take (the provider's timeout and its
     * retry). An attempt left PENDING is not tried again before it has passed.
     */
    @WithDefault("5m")
    Duration lease();

    /** Invoices claimed per transaction (the job loops until none is due). */
    @WithDefault("20")
    int batchSize();

    /** A card on file expiring (end of its expiry month) within this much of billing time gets EXPIRED_CREDIT_CARD once. */
    @WithDefault("30d")
    Duration cardExpiryNotice();

    /** How often the expiring-card job runs (the scheduler's {@code every}). */
    @WithDefault("24h")
    String cardExpiryEvery();
}
