package dev.marketplace.notification.workqueue;

import java.time.Instant;

import jakarta.persistence.MappedSuperclass;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/**
 * The columns every row of a {@link WorkQueue} has: how many attempts were made, when the next one is due, when the
 * last one started, until when the current claim holds (its lease) and why the last attempt failed. The row's own
 * {@code status} column says where it stands; the queue only relies on its values {@code PENDING} (due at
 * {@link #nextAttemptAt}) and {@code SENDING} (claimed, until {@link #leaseUntil}).
 */
@MappedSuperclass
public abstract class QueuedWork extends PanacheEntityBase {
    public int attempts;
    public Instant nextAttemptAt;
    public Instant lastAttemptOn;
    /** While SENDING: when the claim lapses (the process that held it stopped mid-attempt). */
    public Instant leaseUntil;
    public String lastError;

    /** Due again at {@code next} (status PENDING is the caller's to set), the claim released. */
    public void retryAt(Instant next) {
        nextAttemptAt = next;
        leaseUntil = null;
    }
}
