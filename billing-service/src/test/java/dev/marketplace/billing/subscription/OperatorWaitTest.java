package dev.marketplace.billing.subscription;

import static dev.marketplace.billing.subscription.domain.SubscriptionStatus.ACTIVE;
import static dev.marketplace.billing.subscription.domain.SubscriptionStatus.CANCELLED;
import static dev.marketplace.billing.subscription.domain.SubscriptionStatus.FAILED;
import static dev.marketplace.billing.subscription.domain.SubscriptionStatus.PENDING_REMOTE_CANCELLATION;
import static dev.marketplace.billing.subscription.domain.SubscriptionStatus.PENDING_REMOTE_CREATION;
import static dev.marketplace.billing.subscription.domain.SubscriptionStatus.SUSPENDED;
import static dev.marketplace.billing.subscription.service.OperatorWait.awaits;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.events.EventTypes;

/** Which parked vendor event a subscription still waits on, by its state: no database, no Quarkus. */
class OperatorWaitTest {
    @Test
    void anOrderIsAwaitedOnlyWhilePendingCreationAndByItsKindOfSubscription() {
        assertTrue(awaits(PENDING_REMOTE_CREATION, false, false, EventTypes.SUBSCRIPTION_ORDER));
        assertTrue(awaits(PENDING_REMOTE_CREATION, true, false, EventTypes.ADDON_ORDER));
        assertFalse(awaits(PENDING_REMOTE_CREATION, true, false, EventTypes.SUBSCRIPTION_ORDER));
        assertFalse(awaits(PENDING_REMOTE_CREATION, false, false, EventTypes.ADDON_ORDER));
        // the result came first: ACTIVE or FAILED, nothing waits any more
        assertFalse(awaits(ACTIVE, false, false, EventTypes.SUBSCRIPTION_ORDER));
        assertFalse(awaits(FAILED, false, false, EventTypes.SUBSCRIPTION_ORDER));
    }

    @Test
    void aCancellationIsAwaitedOnlyWhilePendingCancellation() {
        assertTrue(awaits(PENDING_REMOTE_CANCELLATION, false, false, EventTypes.SUBSCRIPTION_CANCEL));
        assertTrue(awaits(PENDING_REMOTE_CANCELLATION, true, false, EventTypes.ADDON_CANCEL));
        assertFalse(awaits(CANCELLED, false, false, EventTypes.SUBSCRIPTION_CANCEL));
        assertFalse(awaits(ACTIVE, false, false, EventTypes.SUBSCRIPTION_CANCEL));
        assertFalse(awaits(PENDING_REMOTE_CANCELLATION, false, false, EventTypes.SUBSCRIPTION_ORDER));
    }

    @Test
    void aChangeIsAwaitedWhileOneIsPendingOnAnActiveOrSuspendedSubscription() {
        assertTrue(awaits(ACTIVE, false, true, EventTypes.SUBSCRIPTION_CHANGE));
        assertTrue(awaits(SUSPENDED, true, true, EventTypes.ADDON_CHANGE));
        assertFalse(awaits(ACTIVE, false, false, EventTypes.SUBSCRIPTION_CHANGE));
        assertFalse(awaits(PENDING_REMOTE_CANCELLATION, false, true, EventTypes.SUBSCRIPTION_CHANGE));
        assertFalse(awaits(ACTIVE, true, true, EventTypes.SUBSCRIPTION_CHANGE));
    }

    @Test
    void eventsThatAwaitNoResultOrNameNoUserAreNeverMarked() {
        for (String type : new String[] { EventTypes.USER_ASSIGNMENT, EventTypes.USER_UNASSIGNMENT, EventTypes.SUBSCRIPTION_NOTICE,
                EventTypes.USER_UPDATED, null }) {
            assertFalse(awaits(ACTIVE, false, true, type), String.valueOf(type));
            assertFalse(awaits(PENDING_REMOTE_CREATION, false, false, type), String.valueOf(type));
        }
    }
}
