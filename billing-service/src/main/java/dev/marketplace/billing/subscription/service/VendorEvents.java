package dev.marketplace.billing.subscription.service;

import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.subscription.domain.Assignment;
import dev.marketplace.billing.subscription.domain.Subscription;
import dev.marketplace.common.crypto.RandomTokens;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.events.payload.SubscriptionVendorEvent;
import io.smallrye.mutiny.Uni;

/**
 * The events of a subscription that notification-service turns into calls to the vendor (order, change, cancel, user
 * assignments, notices), written in the transaction of the change. Each carries a new event token, by which the vendor fetches
 * it.
 */
@ApplicationScoped
public class VendorEvents {
    private final DomainEventPublisher events;
    private final SubscriptionPayloads payloads;

    public VendorEvents(DomainEventPublisher events, SubscriptionPayloads payloads) {
        this.events = events;
        this.payloads = payloads;
    }

    /** The token of the subscription's next vendor event. */
    static String newToken() {
        return RandomTokens.hex(16);
    }

    /** {@code creator}: read from the request before its first hop ({@link DomainEventPublisher#currentCreator}). */
    Uni<Void> publish(String type, Subscription s, SubscriptionVendorEvent.Order order, Assignment assigned,
            Map<String, Object> creator, List<NotificationRequest> notifications) {
        return events.publish(type, s.partner, SubscriptionPayloads.AGGREGATE, s.id.toString(),
                payloads.vendorEvent(type, s, order, assigned), notifications, creator).replaceWithVoid();
    }

    /** SUBSCRIPTION_NOTICE of {@code notice} (DEACTIVATED, REACTIVATED, ...) about the subscription as it now is. */
    Uni<Void> notice(Subscription s, SubscriptionVendorEvent.Notice notice, Map<String, Object> creator,
            List<NotificationRequest> notifications) {
        return events.publish(EventTypes.SUBSCRIPTION_NOTICE, s.partner, SubscriptionPayloads.AGGREGATE, s.id.toString(),
                payloads.vendorEvent(EventTypes.SUBSCRIPTION_NOTICE, s, null, null, notice), notifications, creator)
                .replaceWithVoid();
    }
}
