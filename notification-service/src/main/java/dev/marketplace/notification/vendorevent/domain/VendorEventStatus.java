package dev.marketplace.notification.vendorevent.domain;

/**
 * Where the notification of one event to its vendor stands. PENDING: due (again) at {@code nextAttemptAt}; SENDING:
 * claimed by the dispatcher, the call is under way; AWAITING_RESULT: the vendor answered 202 (or the order is
 * interactive) and its result is expected on the result endpoint; SUCCEEDED / FAILED: the vendor's answer (final);
 * PARKED: every attempt failed, waiting for an operator.
 */
public enum VendorEventStatus {
    PENDING, SENDING, AWAITING_RESULT, SUCCEEDED, FAILED, PARKED;

    public boolean isFinal() {
        return this == SUCCEEDED || this == FAILED;
    }
}
