package dev.marketplace.billing.subscription.domain;

/**
 * PENDING_REMOTE_CREATION → ACTIVE (vendor created the account) or FAILED (vendor refused);
 * ACTIVE → PENDING_REMOTE_CANCELLATION (cancel requested) → CANCELLED, or back to ACTIVE when the vendor refuses.
 */
public enum SubscriptionStatus {
    PENDING_REMOTE_CREATION, ACTIVE, FAILED, PENDING_REMOTE_CANCELLATION, CANCELLED
}
