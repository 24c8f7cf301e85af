package dev.marketplace.billing.subscription.service;

import java.time.Instant;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.billing.subscription.domain.Subscription;
import dev.marketplace.billing.subscription.repository.SubscriptionRepository;
import dev.marketplace.common.events.payload.VendorEventParked;
import io.smallrye.mutiny.Uni;

/**
 * Records that a subscription waits on an operator (from a VENDOR_EVENT_PARKED Kafka event): notification-service gave
 * up delivering the vendor event the subscription is pending on. Only a subscription of that marketplace still waiting
 * on an event of that type ({@link OperatorWait}) is marked; anything else (a result already applied, an unknown or
 * another marketplace's subscription) changes nothing. {@link VendorResults} clears the mark with the result. Must run
 * inside a transaction.
 */
@ApplicationScoped
public class OperatorWaits {
    private static final Logger LOG = Logger.getLogger(OperatorWaits.class);

    private final SubscriptionRepository subscriptions;

    public OperatorWaits(SubscriptionRepository subscriptions) {
        this.subscriptions = subscriptions;
    }

    public Uni<Void> parked(UUID subscriptionId, String partner, VendorEventParked parked, Instant parkedAt) {
        return subscriptions.findById(subscriptionId).chain(s -> {
            if (s == null || partner == null || !partner.equals(s.partner) || !OperatorWait.awaits(s, parked.eventType())) {
                LOG.debugf("Parked %s %s: subscription %s does not wait on it", parked.eventType(), parked.eventId(),
                        subscriptionId);
                return Uni.createFrom().voidItem();
            }
            mark(s, parked, parkedAt);
            return subscriptions.flush();
        });
    }

    /** The same event parked again (an operator's retry failed) keeps the time it first waited on an operator. */
    private static void mark(Subscription s, VendorEventParked parked, Instant parkedAt) {
        if (!parked.eventId().equals(s.operatorWaitEventId) || s.operatorWaitSince == null) {
            s.operatorWaitSince = parkedAt;
        }
        s.operatorWaitEventId = parked.eventId();
        s.operatorWaitEventType = parked.eventType();
        s.operatorWaitReason = parked.reason();
        s.operatorWaitLastError = OperatorWait.lastError(parked.lastError());
    }
}
