package dev.marketplace.notification.delivery.domain;

/**
 * PENDING (waiting for its next attempt) → SENDING (claimed by the job, being sent) → SENT; a failed attempt goes back
 * to PENDING with a later {@code nextAttemptAt} until the attempts run out → FAILED. SKIPPED: nothing to send (the
 * partner disabled the template). FAILED is also where a message lands that can never be sent (invalid recipient, no
 * template) or whose send was interrupted mid-way (not resent, so it can never arrive twice).
 */
public enum DeliveryStatus {
    PENDING, SENDING, SENT, FAILED, SKIPPED
}
