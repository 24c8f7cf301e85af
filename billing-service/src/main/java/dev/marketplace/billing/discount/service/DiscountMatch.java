package dev.marketplace.billing.discount.service;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

import dev.marketplace.billing.discount.domain.Discount;
import dev.marketplace.billing.discount.service.DiscountRedemptions.Order;
import dev.marketplace.billing.pricing.DiscountTerms;

/**
 * Whether a discount applies to an order, and which automatic discounts are tried first: the rules of
 * {@link DiscountRedemptions} that need no database.
 */
final class DiscountMatch {
    private DiscountMatch() {
    }

    /**
     * The automatic discounts that apply to the order, the largest saving first (the lower id first on a tie). The query
     * already leaves out the others; the rule is stated here whole so that it is tested.
     */
    static List<Discount> automatic(List<Discount> found, Order order, Instant now,
            Function<DiscountTerms, BigDecimal> saving) {
        List<Discount> candidates = new ArrayList<>(found.stream()
                .filter(d -> d.autoApply && hasRedemptionsLeft(d) && mismatch(d, order, now) == null).toList());
        candidates.sort(Comparator.comparing((Discount d) -> saving.apply(terms(d))).reversed().thenComparing(d -> d.id));
        return candidates;
    }

    static boolean hasRedemptionsLeft(Discount d) {
        return d.maxRedemptions == null || d.redemptions < d.maxRedemptions;
    }

    /** Why the discount does not apply to the order, or null when it does. */
    static String mismatch(Discount d, Order order, Instant now) {
        if (d.applicationId != null && d.applicationId != order.applicationId()) {
            return "is for another application (" + d.applicationId + ")";
        }
        if (d.editionId != null && d.editionId != order.editionId()) {
            return "is for another edition (" + d.editionId + ")";
        }
        if (d.paymentPlanId != null && !d.paymentPlanId.equals(order.planId())) {
            return "is for another payment plan (" + d.paymentPlanId + ")";
        }
        // an amount means nothing in another currency: 1000 JPY off is not 1000 USD off
        if (d.currency != null && !d.currency.equals(order.currency())) {
            return "is for orders in " + d.currency + " and this order is in " + order.currency();
        }
        if (d.startDate != null && d.startDate.isAfter(now)) {
            return "is not valid yet";
        }
        if (d.expirationDate != null && !d.expirationDate.isAfter(now)) {
            return "has expired";
        }
        int units = d.unit == null ? order.units().values().stream().mapToInt(Integer::intValue).sum()
                : order.units().getOrDefault(d.unit, 0);
        if (d.unit != null && !order.units().containsKey(d.unit)) {
            return "is for orders of " + d.unit;
        }
        if (d.minUnits != null && d.minUnits > 0 && units < d.minUnits) {
            return "needs at least " + d.minUnits + (d.unit == null ? " units" : " " + d.unit);
        }
        if (d.maxUnits != null && d.maxUnits > 0 && units > d.maxUnits) {
            return "allows at most " + d.maxUnits + (d.unit == null ? " units" : " " + d.unit);
        }
        return null;
    }

    static DiscountTerms terms(Discount d) {
        return new DiscountTerms(d.id, d.code, d.description, DiscountTerms.Kind.valueOf(d.type.name()), d.percentage, d.price,
                d.discountValue, d.unit, d.billingCycles, d.retainable,
                d.expirationDate == null ? null : d.expirationDate.toEpochMilli());
    }
}
