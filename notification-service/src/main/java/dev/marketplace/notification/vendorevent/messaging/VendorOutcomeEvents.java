package dev.marketplace.notification.vendorevent.messaging;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.Outbox;
import dev.marketplace.notification.NotificationConfig;
import dev.marketplace.notification.vendorevent.domain.VendorEvent;
import io.smallrye.mutiny.Uni;

/**
 * Events this service writes to its outbox (in the transaction that records the outcome): VENDOR_EVENT_RESULT for
 * billing-service once a vendor's answer is known, and VENDOR_EVENT_PARKED when delivery gave up, carrying a
 * MANUAL_EVENT_RESOLUTION notification for the operators (sent by this same service's notification pipeline).
 */
@ApplicationScoped
public class VendorOutcomeEvents {
    public static final String RESULT = "VENDOR_EVENT_RESULT";
    public static final String PARKED = "VENDOR_EVENT_PARKED";
    public static final String SOURCE = "notification-service";
    /** Event types billing-service applies results of. */
    private static final Set<String> BILLING_TYPES = Set.of("SUBSCRIPTION_ORDER", "SUBSCRIPTION_CHANGE", "SUBSCRIPTION_CANCEL",
            "USER_ASSIGNMENT", "USER_UNASSIGNMENT");

    private final Outbox outbox;
    private final ObjectMapper mapper;
    private final NotificationConfig config;

    public VendorOutcomeEvents(Outbox outbox, ObjectMapper mapper, NotificationConfig config) {
        this.outbox = outbox;
        this.mapper = mapper;
        this.config = config;
    }

    /** VENDOR_EVENT_RESULT for a final answer; nothing for a ping or an event no subscription awaits. */
    public Uni<Void> result(VendorEvent e) {
        if (e.flag != null || e.subscriptionId == null || !BILLING_TYPES.contains(e.eventType)) {
            return Uni.createFrom().voidItem();
        }
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("eventType", e.eventType);
        payload.put("subscriptionId", e.subscriptionId);
        payload.put("sourceEventId", e.id.toString());
        payload.put("eventToken", e.token);
        payload.put("productId", e.productId);
        payload.put("success", Boolean.TRUE.equals(e.resultSuccess));
        payload.put("accountIdentifier", e.accountIdentifier);
        payload.put("errorCode", e.errorCode);
        payload.put("message", e.errorMessage);
        if (e.eventType.startsWith("USER_")) {
            payload.put("userUuid", e.userUuid);
        }
        payload.put("resultSource", e.resultSource);
        return outbox.append(EventEnvelope.of(RESULT, e.partner, SOURCE, "SUBSCRIPTION", e.subscriptionId,
                Map.of("source", "vendor", "productId", e.productId), mapper.valueToTree(payload)));
    }

    /** VENDOR_EVENT_PARKED with the MANUAL_EVENT_RESOLUTION notification of the configured operators. */
    public Uni<Void> parked(VendorEvent e) {
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("eventId", e.id.toString());
        parameters.put("eventType", e.eventType);
        parameters.put("productName", e.productName == null ? "product " + e.productId : e.productName);
        parameters.put("companyName", e.companyName);
        parameters.put("lastError", e.lastError);
        Map<String, Object> notification = new LinkedHashMap<>();
        notification.put("type", "MANUAL_EVENT_RESOLUTION");
        notification.put("channel", "EMAIL");
        notification.put("recipients", config.vendor().operatorEmails().orElse(List.of()));
        notification.put("locale", config.vendor().operatorLocale());
        notification.put("parameters", parameters);
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("eventId", e.id.toString());
        payload.put("eventType", e.eventType);
        payload.put("eventToken", e.token);
        payload.put("productId", e.productId);
        payload.put("productName", e.productName);
        payload.put("subscriptionId", e.subscriptionId);
        payload.put("attempts", e.attempts);
        payload.put("lastError", e.lastError);
        payload.put("notifications", List.of(notification));
        return outbox.append(EventEnvelope.of(PARKED, e.partner, SOURCE, "VENDOR_EVENT", e.id.toString(),
                Map.of("source", "notification-service"), mapper.valueToTree(payload)));
    }
}
