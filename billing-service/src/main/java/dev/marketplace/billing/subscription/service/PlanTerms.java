package dev.marketplace.billing.subscription.service;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import dev.marketplace.billing.client.CatalogApi;
import dev.marketplace.billing.subscription.service.SubscriptionInputs.Item;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.input.Violations;

/**
 * What an order buys of an edition, from the catalogue's answer: the payment plan (the one asked for, else the primary
 * plan, else the first), and each item's unit priced by the plan in the order's currency, not metered, with a quantity
 * within the unit's bounds (both inclusive; no maximum: unlimited). Refusals are 400 naming the field.
 */
final class PlanTerms {
    private PlanTerms() {
    }

    static OrderTerms of(CatalogApi.Integration integration, CatalogApi.Edition edition, Long planId,
            List<Item> items, String currency) {
        List<CatalogApi.Plan> plans = edition.plans() == null ? List.of() : edition.plans();
        CatalogApi.Plan plan = null;
        if (planId != null) {
            plan = plans.stream().filter(p -> p.id() == planId).findFirst().orElseThrow(() -> ApiException
                    .invalidField("paymentPlanId", "edition " + edition.id() + " has no plan " + planId));
        } else {
            for (CatalogApi.Plan p : plans) {
                if (plan == null || (p.primaryPrice() && !plan.primaryPrice())) {
                    plan = p;
                }
            }
        }
        Violations violations = Violations.start();
        if (plan != null && plan.costs() != null && !plan.costs().isEmpty()) {
            for (int i = 0; i < items.size(); i++) {
                Item item = items.get(i);
                CatalogApi.Cost cost = plan.costs().stream().filter(c -> item.unit().equals(c.unit())).reduce((a, b) -> b)
                        .orElse(null);
                if (cost == null) {
                    violations.add("items[" + i + "].unit", "the plan does not price " + item.unit());
                    continue;
                }
                if (cost.meteredUsage()) {
                    violations.add("items[" + i + "].unit", item.unit() + " is metered: the vendor reports its usage");
                    continue;
                }
                if (cost.amount() == null || cost.amount().get(currency) == null) {
                    violations.add("currency", "the plan has no price of " + item.unit() + " in " + currency);
                    continue;
                }
                int min = cost.minUnits() == null ? 0 : cost.minUnits();
                Integer max = cost.maxUnits();
                if (item.quantity() < min || (max != null && item.quantity() > max)) {
                    violations.add("items[" + i + "].quantity", "must be between " + min + " and "
                            + (max == null ? "unlimited" : max));
                }
            }
        }
        List<OrderTerms.UnitPrice> prices = new ArrayList<>();
        if (plan != null && plan.costs() != null) {
            for (CatalogApi.Cost cost : plan.costs()) {
                BigDecimal price = cost.amount() == null ? null : cost.amount().get(currency);
                if (price != null) {
                    prices.add(new OrderTerms.UnitPrice(cost.unit(), price, cost.meteredUsage(),
                            cost.minUnits() == null ? 0 : cost.minUnits()));
                }
            }
            boolean unpriced = items.isEmpty() && plan.costs().stream().anyMatch(c -> !c.meteredUsage()
                    && (c.amount() == null || c.amount().get(currency) == null));
            violations.when(unpriced, "currency", "the plan has no prices in " + currency);
        }
        violations.throwIfAny();
        String template = integration.eventUrls() == null ? null : integration.eventUrls().get("SUBSCRIPTION_ORDER");
        return new OrderTerms(integration.productId(), integration.applicationUuid(), integration.name(),
                integration.vendor(), integration.interactive(), template, edition.id(), edition.code(), edition.name(),
                plan == null ? null : plan.id(), plan == null ? null : plan.frequency(), items, currency, List.copyOf(prices),
                edition.parentProductId());
    }
}
