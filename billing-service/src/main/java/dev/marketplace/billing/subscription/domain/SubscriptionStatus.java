package dev.marketplace.billing.subscription.domain;

/**
 * PENDING_REMOTE_CREATION → ACTIVE (vendor created the account) or FAILED (vendor refused);
 * ACTIVE → PENDING_REMOTE_CANCELLATION (cancel requested) → CANCELLED, or back to ACTIVE when the vendor refuses;
 * ACTIVE ⇄ SUSPENDED (an operator, or an overdue invoice; the vendor is told, it does not decide); SUSPENDED →
 * PENDING_REMOTE_CANCELLATION → CANCELLED, or back to SUSPENDED when the vendor refuses.
 */
public enum SubscriptionStatus {
    PENDING_REMOTE_CREATION, ACTIVE, FAILED, PENDING_REMOTE_CANCELLATION, CANCELLED, SUSPENDED;

    /** States in which the company still holds (or is about to hold) the subscription. */
    public static final java.util.List<SubscriptionStatus> HELD = java.util.List.of(PENDING_REMOTE_CREATION, ACTIVE,
            PENDING_REMOTE_CANCELLATION, SUSPENDED);
}
