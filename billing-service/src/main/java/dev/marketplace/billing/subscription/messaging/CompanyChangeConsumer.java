package dev.marketplace.billing.subscription.messaging;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.billing.subscription.service.SubscriptionService;
import io.smallrye.mutiny.Uni;

/**
 * A company changed in account-service (COMPANY_UPDATED, COMPANY_PATCHED, payload: the company): its billing day of month
 * becomes the billing day of its subscriptions from their next billing date. Applying the same change twice is harmless,
 * so redeliveries need no bookkeeping; events of one company arrive in order (keyed by the company).
 */
@ApplicationScoped
public class CompanyChangeConsumer {
    private static final Logger LOG = Logger.getLogger(CompanyChangeConsumer.class);

    private final SubscriptionService subscriptions;

    public CompanyChangeConsumer(SubscriptionService subscriptions) {
        this.subscriptions = subscriptions;
    }

    public Uni<Void> changed(JsonNode envelope) {
        String partner = envelope.path("partner").asText(null);
        JsonNode company = envelope.path("payload");
        UUID uuid;
        try {
            uuid = UUID.fromString(company.path("uuid").asText());
        } catch (IllegalArgumentException e) {
            LOG.warnf("Skipping a %s event without a company uuid", envelope.path("type").asText());
            return Uni.createFrom().voidItem();
        }
        if (partner == null || !company.has("billingDayOfMonth")) {
            return Uni.createFrom().voidItem();
        }
        JsonNode day = company.path("billingDayOfMonth");
        Integer billingDay = day.isInt() && day.asInt() >= 1 && day.asInt() <= 31 ? day.asInt() : null;
        return subscriptions.billingDayChanged(partner, uuid, billingDay)
                .onFailure().recoverWithUni(e -> {
                    LOG.errorf(e, "The billing day of company %s could not be updated", uuid);
                    return Uni.createFrom().voidItem();
                });
    }
}
