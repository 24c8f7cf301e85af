package dev.marketplace.billing.discount.service;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.discount.domain.Discount;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import io.smallrye.mutiny.Uni;

/**
 * A discount whose last redemption an order just took no longer applies to new orders: the DISCOUNT_DEACTIVATED event
 * (aggregate DISCOUNT), written in the order's transaction, carries DISCOUNT_DEACTIVATED to the channel administrators
 * ({@code DISCOUNT_NOTICE_EMAILS}; none configured, no notification). The other way a discount stops applying, its
 * expiration date passing, is a date the channel set itself and nothing happens at that moment, so nothing is sent.
 */
@ApplicationScoped
public class DiscountNotices {
    static final String AGGREGATE = "DISCOUNT";
    static final String USED_UP = "all its redemptions are used";

    private final DomainEventPublisher events;
    private final List<String> recipients;

    public DiscountNotices(DomainEventPublisher events, DiscountNoticeConfig config) {
        this.events = events;
        this.recipients = config.recipients().orElse(List.of()).stream().map(String::trim).filter(s -> !s.isEmpty())
                .toList();
    }

    /** Must run inside the transaction of the order that took the last redemption. */
    Uni<Void> usedUp(Discount d) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("id", d.id);
        payload.put("uuid", d.uuid.toString());
        payload.put("code", d.code);
        payload.put("reason", "USED_UP");
        payload.put("maxRedemptions", d.maxRedemptions);
        return events.publish(EventTypes.DISCOUNT_DEACTIVATED, d.partner, AGGREGATE, d.uuid.toString(), payload,
                notifications(d)).replaceWithVoid();
    }

    List<NotificationRequest> notifications(Discount d) {
        if (recipients.isEmpty()) {
            return List.of();
        }
        Map<String, Object> parameters = new LinkedHashMap<>();
        // an automatic discount may have no code: it is named by its description then
        parameters.put("discountCode", d.code == null ? d.description : d.code);
        parameters.put("description", d.description);
        parameters.put("reason", USED_UP);
        return List.of(NotificationRequest.email("DISCOUNT_DEACTIVATED", recipients, null, parameters));
    }
}
