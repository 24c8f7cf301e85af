package dev.marketplace.billing.subscription.service;

import dev.marketplace.billing.subscription.domain.Subscription;
import dev.marketplace.billing.subscription.domain.SubscriptionStatus;
import dev.marketplace.common.events.EventTypes;

/**
 * Whether a subscription still waits on the result of a vendor event of a given type, judged by its state as
 * {@link VendorResults} judges a result: an order while PENDING_REMOTE_CREATION, a cancellation while
 * PENDING_REMOTE_CANCELLATION, a change while one is pending (ACTIVE or SUSPENDED); the ADDON_* types for an add-on,
 * the SUBSCRIPTION_* ones otherwise. Assignments are not covered: a parked USER_* event does not name its user.
 */
public final class OperatorWait {
    /** The longest last error kept: a vendor's message is shown, not archived. */
    static final int LAST_ERROR_MAX = 1000;

    private OperatorWait() {
    }

    public static boolean awaits(SubscriptionStatus status, boolean addon, boolean changePending, String eventType) {
        if (eventType == null) {
            return false;
        }
        boolean change = changePending && (status == SubscriptionStatus.ACTIVE || status == SubscriptionStatus.SUSPENDED);
        return switch (eventType) {
            case EventTypes.SUBSCRIPTION_ORDER -> !addon && status == SubscriptionStatus.PENDING_REMOTE_CREATION;
            case EventTypes.ADDON_ORDER -> addon && status == SubscriptionStatus.PENDING_REMOTE_CREATION;
            case EventTypes.SUBSCRIPTION_CANCEL -> !addon && status == SubscriptionStatus.PENDING_REMOTE_CANCELLATION;
            case EventTypes.ADDON_CANCEL -> addon && status == SubscriptionStatus.PENDING_REMOTE_CANCELLATION;
            case EventTypes.SUBSCRIPTION_CHANGE -> !addon && change;
            case EventTypes.ADDON_CHANGE -> addon && change;
            default -> false;
        };
    }

    static boolean awaits(Subscription s, String eventType) {
        return awaits(s.status, s.parentSubscriptionId != null, s.pendingChange != null, eventType);
    }

    /** The mark the view shows: only while the subscription still waits on that event (else a stale mark is hidden). */
    static SubscriptionView.WaitingOnOperator view(Subscription s) {
        if (s.operatorWaitEventId == null || !awaits(s, s.operatorWaitEventType)) {
            return null;
        }
        return new SubscriptionView.WaitingOnOperator(s.operatorWaitReason, s.operatorWaitEventId, s.operatorWaitEventType,
                s.operatorWaitLastError, s.operatorWaitSince == null ? null : s.operatorWaitSince.toEpochMilli());
    }

    static void clear(Subscription s) {
        s.operatorWaitEventId = null;
        s.operatorWaitEventType = null;
        s.operatorWaitReason = null;
        s.operatorWaitLastError = null;
        s.operatorWaitSince = null;
    }

    static String lastError(String error) {
        return error == null || error.length() <= LAST_ERROR_MAX ? error : error.substring(0, LAST_ERROR_MAX);
    }
}
