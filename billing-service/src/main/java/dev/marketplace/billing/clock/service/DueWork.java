package dev.marketplace.billing.clock.service;

import java.time.Instant;

import io.smallrye.mutiny.Uni;

/**
 * Work that a scheduled job does once its time has come (collecting due invoices, retrying failed collections, warning
 * of expiring cards). Advancing a marketplace's test clock runs each of these for that marketplace at once, as a
 * payment provider's test clock does, so that a test sees what the jobs would have done by then.
 */
public interface DueWork {
    /** Does, for one marketplace, what is due at {@code now}; emits how many things it did. */
    Uni<Integer> runDue(String partner, Instant now);
}
