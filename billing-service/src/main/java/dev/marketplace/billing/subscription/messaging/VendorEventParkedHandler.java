package dev.marketplace.billing.subscription.messaging;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;

import jakarta.inject.Singleton;

import dev.marketplace.billing.subscription.service.OperatorWaits;
import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.inbox.EventRejected;
import dev.marketplace.common.events.inbox.TypedEventHandler;
import dev.marketplace.common.events.payload.VendorEventParked;
import io.smallrye.mutiny.Uni;

/**
 * Marks a subscription as waiting on an operator when notification-service parks the vendor event it is pending on
 * (VENDOR_EVENT_PARKED, payload {@link VendorEventParked}), on the shared inbox: once per event id, in the inbox's
 * transaction. A parked event of no subscription (or of a type billing awaits no result of: SUBSCRIPTION_NOTICE,
 * USER_UPDATED) is none of billing's business and is skipped; one without its event id or type is parked at once.
 */
@Singleton
public class VendorEventParkedHandler extends TypedEventHandler<VendorEventParked> {
    static final String NAME = "billing-vendor-events-parked";

    private final OperatorWaits waits;

    public VendorEventParkedHandler(OperatorWaits waits) {
        super(NAME, VendorEventParked.class, null, Set.of(EventTypes.VENDOR_EVENT_PARKED));
        this.waits = waits;
    }

    @Override
    public Uni<Void> handle(EventEnvelope event, VendorEventParked payload) {
        if (payload.eventId() == null || payload.eventId().isBlank() || payload.eventType() == null) {
            throw new EventRejected("not a parked vendor event: eventId and eventType are required");
        }
        if (payload.subscriptionId() == null || !EventTypes.SUBSCRIPTION_VENDOR_EVENTS.contains(payload.eventType())) {
            return Uni.createFrom().voidItem();
        }
        UUID subscriptionId;
        try {
            subscriptionId = UUID.fromString(payload.subscriptionId());
        } catch (IllegalArgumentException e) {
            throw new EventRejected("not a parked vendor event: subscriptionId is not a UUID", e);
        }
        return waits.parked(subscriptionId, event.partner(), payload, Instant.ofEpochMilli(event.occurredOn()));
    }
}
