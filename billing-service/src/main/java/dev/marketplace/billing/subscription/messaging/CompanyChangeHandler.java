package dev.marketplace.billing.subscription.messaging;

import java.util.Set;
import java.util.UUID;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.billing.subscription.service.SubscriptionService;
import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.inbox.TypedEventHandler;
import dev.marketplace.common.events.inbox.EventRejected;
import io.smallrye.mutiny.Uni;

/**
 * A company changed in account-service (COMPANY_UPDATED, COMPANY_PATCHED, payload: the company): its billing day of month
 * becomes the billing day of its subscriptions from their next billing date. Events of one company arrive in order
 * (keyed by the company); the inbox applies each once.
 */
@Singleton
public class CompanyChangeHandler extends TypedEventHandler<JsonNode> {
    private final SubscriptionService subscriptions;

    public CompanyChangeHandler(SubscriptionService subscriptions) {
        super("billing-company-changes", JsonNode.class, null, Set.of(EventTypes.COMPANY_UPDATED, EventTypes.COMPANY_PATCHED));
        this.subscriptions = subscriptions;
    }

    @Override
    public Uni<Void> handle(EventEnvelope event, JsonNode company) {
        UUID uuid;
        try {
            uuid = UUID.fromString(company.path("uuid").asText());
        } catch (IllegalArgumentException e) {
            throw new EventRejected("the company has no uuid", e);
        }
        if (event.partner() == null || !company.has("billingDayOfMonth")) {
            return Uni.createFrom().voidItem();
        }
        JsonNode day = company.path("billingDayOfMonth");
        Integer billingDay = day.isInt() && day.asInt() >= 1 && day.asInt() <= 31 ? day.asInt() : null;
        return subscriptions.billingDayChanged(event.partner(), uuid, billingDay);
    }
}
