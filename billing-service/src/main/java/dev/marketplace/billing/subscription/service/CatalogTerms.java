package dev.marketplace.billing.subscription.service;

import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.billing.client.CatalogClient;
import dev.marketplace.billing.subscription.service.SubscriptionInputs.Item;
import dev.marketplace.common.error.ApiException;
import io.smallrye.mutiny.Uni;

/**
 * Checks an order against catalog-service: the product must exist in the caller's marketplace (its vendor integration),
 * the edition must belong to it, the payment plan to the edition (default: the primary plan, else the first), and each
 * item's unit must be priced by the plan with a quantity inside its bounds. Unknown references are 400 with the field.
 */
@ApplicationScoped
public class CatalogTerms {
    private final CatalogClient catalog;

    public CatalogTerms(CatalogClient catalog) {
        this.catalog = catalog;
    }

    public Uni<OrderTerms> resolve(String partner, long productId, long editionId, Long planId, List<Item> items) {
        return catalog.integration(partner, productId).chain(integration -> {
            if (integration == null) {
                throw ApiException.invalidField("productId", "no product " + productId + " in this marketplace");
            }
            return catalog.edition(partner, productId, editionId).map(edition -> {
                if (edition == null) {
                    throw ApiException.invalidField("editionId", "product " + productId + " has no edition " + editionId);
                }
                return terms(integration, edition, planId, items == null ? List.of() : items);
            });
        });
    }

    private static OrderTerms terms(JsonNode integration, JsonNode edition, Long planId, List<Item> items) {
        JsonNode plans = edition.path("plans");
        JsonNode plan = null;
        if (planId != null) {
            for (JsonNode p : plans) {
                if (p.path("id").asLong() == planId) {
                    plan = p;
                }
            }
            if (plan == null) {
                throw ApiException.invalidField("paymentPlanId", "edition " + edition.path("id").asLong() + " has no plan " + planId);
            }
        } else {
            for (JsonNode p : plans) {
                if (plan == null || (p.path("primaryPrice").asBoolean() && !plan.path("primaryPrice").asBoolean())) {
                    plan = p;
                }
            }
        }
        List<String> problems = new ArrayList<>();
        if (plan != null && plan.path("costs").size() > 0) {
            for (int i = 0; i < items.size(); i++) {
                Item item = items.get(i);
                JsonNode cost = null;
                for (JsonNode c : plan.path("costs")) {
                    if (item.unit().equals(c.path("unit").asText())) {
                        cost = c;
                    }
                }
                if (cost == null) {
                    problems.add("items[" + i + "].unit: the plan does not price " + item.unit());
                    continue;
                }
                int min = cost.path("minUnits").asInt(0);
                Integer max = cost.path("maxUnits").isNumber() ? cost.path("maxUnits").asInt() : null;
                if (item.quantity() < min || (max != null && item.quantity() > max)) {
                    problems.add("items[" + i + "].quantity: must be between " + min + " and " + (max == null ? "unlimited" : max));
                }
            }
        }
        SubscriptionInputs.fail(problems);
        String template = integration.path("eventUrls").path("SUBSCRIPTION_ORDER").asText(null);
        return new OrderTerms(integration.path("productId").asLong(), integration.path("applicationUuid").asText(null),
                integration.path("name").asText(null), integration.path("vendor").asText(null),
                integration.path("interactive").asBoolean(false), template, integration.path("consumerKey").asText(null),
                integration.path("consumerSecret").asText(null), edition.path("id").asLong(), edition.path("code").asText(),
                edition.path("name").asText(null), plan == null ? null : plan.path("id").asLong(),
                plan == null ? null : plan.path("frequency").asText(null), items);
    }
}
