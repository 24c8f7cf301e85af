package dev.marketplace.catalog.product.service;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.marketplace.catalog.product.domain.BundledProduct;
import dev.marketplace.catalog.product.domain.Edition;
import dev.marketplace.catalog.product.domain.PaymentPlan;
import dev.marketplace.catalog.product.domain.PricingFrequency;
import dev.marketplace.catalog.product.domain.Product;
import dev.marketplace.catalog.product.domain.RevenueType;
import dev.marketplace.catalog.product.service.ProductInputs.Cost;

/**
 * A product with what the storefront, the settings screen and checkout derive from it: its editions, their plans and
 * costs, the products it groups (a bundle) and whether a bundle groups it. Loaded for a whole page at once
 * ({@link ProductLookup#facts}).
 */
public record ProductFacts(Product product, List<Edition> editions, Map<Long, List<PaymentPlan>> plansByEdition,
        Map<Long, List<Cost>> costsByPlan, List<BundledProduct> members, boolean partOfBundle) {

    /** Units whose price is a one-off fee beside the recurring price. */
    public static final Set<String> SETUP_UNITS = Set.of("SETUP_FEE", "ONE_TIME_SETUP");

    /** Editions a buyer sees (not invisible). */
    public List<Edition> visibleEditions() {
        return editions.stream().filter(e -> !e.invisible).toList();
    }

    public List<PaymentPlan> plans(Edition edition) {
        return plansByEdition.getOrDefault(edition.id, List.of());
    }

    public List<PaymentPlan> allPlans() {
        return editions.stream().flatMap(e -> plans(e).stream()).toList();
    }

    public List<Cost> costs(PaymentPlan plan) {
        return costsByPlan.getOrDefault(plan.id, List.of());
    }

    public boolean hasPlans() {
        return !allPlans().isEmpty();
    }

    public boolean isPaid(PaymentPlan plan) {
        return costs(plan).stream().anyMatch(c -> c.amount() != null
                && c.amount().values().stream().anyMatch(a -> a != null && a.compareTo(BigDecimal.ZERO) > 0));
    }

    public boolean hasPaidPlan() {
        return allPlans().stream().anyMatch(this::isPaid);
    }

    public boolean hasRecurringPaidPlan() {
        return allPlans().stream().anyMatch(p -> p.frequency != PricingFrequency.ONE_TIME && isPaid(p));
    }

    /** A free edition: FREE revenue, or plans that all cost nothing. */
    public boolean isFree(Edition edition) {
        if (RevenueType.FREE.name().equals(edition.revenueType)) {
            return true;
        }
        List<PaymentPlan> plans = plans(edition);
        return !plans.isEmpty() && plans.stream().noneMatch(this::isPaid);
    }

    public static boolean hasTrial(Edition edition) {
        return edition.trialLength != null || edition.freeTrialDuration != null || edition.defaultFreeTrial;
    }

    /** Length of an edition's free trial in days (a month counts 30, a year 365); 0 without one. */
    public static long trialDays(Edition edition) {
        Integer length = edition.trialLength != null ? edition.trialLength : edition.freeTrialDuration;
        String unit = edition.trialLength != null ? edition.trialUnit : edition.freeTrialType;
        if (length == null) {
            return 0;
        }
        return switch (unit == null ? "DAY" : unit) {
            case "WEEK" -> length * 7L;
            case "MONTH" -> length * 30L;
            case "YEAR" -> length * 365L;
            default -> length;
        };
    }

    public boolean hasTrial() {
        return editions.stream().anyMatch(ProductFacts::hasTrial);
    }

    public boolean hasSetupFee() {
        return allPlans().stream().flatMap(p -> costs(p).stream()).anyMatch(c -> SETUP_UNITS.contains(c.unit()));
    }

    public boolean hasContract() {
        return allPlans().stream().anyMatch(p -> p.contract != null);
    }

    public boolean isBundle() {
        return "BUNDLE".equals(product.productType);
    }
}
