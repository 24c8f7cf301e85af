package dev.marketplace.billing.subscription.domain;

/** Why a subscription is SUSPENDED: the buyer's email says which. */
public enum SuspensionReason {
    /** The marketplace's operator suspended it (channel credentials). */
    OPERATOR,
    /** An invoice of the subscription is overdue (collection gave up). */
    OVERDUE_INVOICE,
    /** An add-on whose parent subscription was suspended: reactivated with its parent, not by itself. */
    PARENT_SUSPENDED
}
