package dev.marketplace.notification.vendorevent.messaging;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventCreator;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.events.payload.VendorEventParked;
import dev.marketplace.common.events.payload.VendorResult;
import dev.marketplace.notification.NotificationConfig;
import dev.marketplace.notification.vendorevent.domain.VendorEvent;
import io.smallrye.mutiny.Uni;

/**
 * Events this service writes to its outbox (in the transaction that records the outcome): VENDOR_EVENT_RESULT for
 * billing-service once a vendor's answer is known ({@link VendorResult}), and VENDOR_EVENT_PARKED when delivery gave
 * up ({@link VendorEventParked}), carrying a MANUAL_EVENT_RESOLUTION notification for the operators (sent by this same
 * service's notification pipeline).
 */
@ApplicationScoped
public class VendorOutcomeEvents {
    static final String SUBSCRIPTION = "SUBSCRIPTION";
    static final String VENDOR_EVENT = "VENDOR_EVENT";

    private final DomainEventPublisher events;
    private final NotificationConfig config;

    public VendorOutcomeEvents(DomainEventPublisher events, NotificationConfig config) {
        this.events = events;
        this.config = config;
    }

    /** VENDOR_EVENT_RESULT for a final answer; nothing for a ping or an event no subscription awaits. */
    public Uni<Void> result(VendorEvent e) {
        if (!awaitedByBilling(e)) {
            return Uni.createFrom().voidItem();
        }
        return events.publish(EventTypes.VENDOR_EVENT_RESULT, e.partner, SUBSCRIPTION, e.subscriptionId, resultOf(e),
                List.of(), EventCreator.vendor(e.productId)).replaceWithVoid();
    }

    /** Whether billing-service applies this event's outcome to a subscription. */
    static boolean awaitedByBilling(VendorEvent e) {
        return e.flag == null && e.subscriptionId != null && EventTypes.SUBSCRIPTION_VENDOR_EVENTS.contains(e.eventType);
    }

    /** The payload billing reads back ({@code VendorResultHandler}); {@code userUuid} only for USER_* events. */
    static VendorResult resultOf(VendorEvent e) {
        return new VendorResult(e.eventType, e.subscriptionId, e.id.toString(), e.token, e.productId,
                Boolean.TRUE.equals(e.resultSuccess), e.accountIdentifier, e.errorCode, e.errorMessage,
                e.eventType.startsWith("USER_") ? e.userUuid : null, e.resultSource);
    }

    /**
     * VENDOR_EVENT_PARKED with the MANUAL_EVENT_RESOLUTION notification of the configured operators. Keyed by the
     * subscription when there is one, so that billing reads it before the result an operator's resolution produces.
     */
    public Uni<Void> parked(VendorEvent e, String reason) {
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("eventId", e.id.toString());
        parameters.put("eventType", e.eventType);
        parameters.put("productName", e.productName == null ? "product " + e.productId : e.productName);
        parameters.put("companyName", e.companyName);
        parameters.put("lastError", e.lastError);
        NotificationRequest notification = NotificationRequest.email("MANUAL_EVENT_RESOLUTION",
                config.vendor().operatorEmails().orElse(List.of()), config.vendor().operatorLocale(), parameters);
        VendorEventParked payload = new VendorEventParked(e.id.toString(), e.eventType, e.token, e.productId, e.productName,
                e.subscriptionId, e.attempts, e.lastError, reason, e.renotifications);
        boolean bySubscription = e.subscriptionId != null;
        return events.publish(EventTypes.VENDOR_EVENT_PARKED, e.partner, bySubscription ? SUBSCRIPTION : VENDOR_EVENT,
                bySubscription ? e.subscriptionId : e.id.toString(), payload, List.of(notification),
                EventCreator.system(events.source())).replaceWithVoid();
    }
}
