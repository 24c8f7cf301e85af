package dev.marketplace.catalog.bundle.service;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Currency;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

import dev.marketplace.catalog.client.BillingClient.Discount;
import dev.marketplace.catalog.product.domain.Edition;
import dev.marketplace.catalog.product.domain.PaymentPlan;
import dev.marketplace.catalog.product.domain.PricingFrequency;
import dev.marketplace.catalog.product.service.ProductFacts;
import dev.marketplace.catalog.product.service.ProductInputs.Cost;
import dev.marketplace.catalog.bundle.service.BundleViews.DiscountDetails;

/**
 * A product's starting price: the price of its first cost in its cheapest plan among the editions a buyer can buy on
 * their own (visible, not bundle-only). Plans are compared in one currency (USD when every plan has it, else the first
 * currency they all have) per month, so that a yearly plan is not "cheaper" than a monthly one by being billed less
 * often. Discounts are billing's: the ones applied automatically (autoApply, the default) within their dates.
 */
final class StartingPrices {
    private StartingPrices() {
    }

    /** The cheapest plan's first cost. */
    record Start(PaymentPlan plan, Cost cost) {
        Map<String, BigDecimal> amount() {
            return new TreeMap<>(cost.amount());
        }
    }

    static Optional<Start> of(ProductFacts facts) {
        List<Start> candidates = new ArrayList<>();
        for (Edition edition : facts.visibleEditions()) {
            if (edition.bundleOnly) {
                continue;
            }
            for (PaymentPlan plan : facts.plans(edition)) {
                facts.costs(plan).stream().filter(c -> c.amount() != null && !c.amount().isEmpty()).findFirst()
                        .ifPresent(cost -> candidates.add(new Start(plan, cost)));
            }
        }
        if (candidates.isEmpty()) {
            return Optional.empty();
        }
        String currency = commonCurrency(candidates);
        if (currency == null) {
            return Optional.of(candidates.get(0));
        }
        return candidates.stream().min(Comparator.comparing((Start s) -> perMonth(s.cost().amount().get(currency), s.plan().frequency))
                .thenComparing(s -> s.plan().id));
    }

    private static String commonCurrency(List<Start> candidates) {
        TreeSet<String> common = new TreeSet<>(candidates.get(0).cost().amount().keySet());
        candidates.forEach(s -> common.retainAll(s.cost().amount().keySet()));
        return common.contains("USD") ? "USD" : common.isEmpty() ? null : common.first();
    }

    private static BigDecimal perMonth(BigDecimal amount, PricingFrequency frequency) {
        return switch (frequency) {
            case DAILY -> amount.multiply(BigDecimal.valueOf(30));
            case QUARTERLY -> amount.divide(BigDecimal.valueOf(3), 10, RoundingMode.HALF_EVEN);
            case SIX_MONTHS -> amount.divide(BigDecimal.valueOf(6), 10, RoundingMode.HALF_EVEN);
            case YEARLY -> amount.divide(BigDecimal.valueOf(12), 10, RoundingMode.HALF_EVEN);
            case TWO_YEARS -> amount.divide(BigDecimal.valueOf(24), 10, RoundingMode.HALF_EVEN);
            case THREE_YEARS -> amount.divide(BigDecimal.valueOf(36), 10, RoundingMode.HALF_EVEN);
            case MONTHLY, ONE_TIME -> amount;
        };
    }

    /** The currency a listing's text shows: the one asked for when the plan has it, else USD, else the plan's first. */
    static String displayCurrency(Start start, String wanted) {
        Map<String, BigDecimal> amount = start.amount();
        if (wanted != null && amount.containsKey(wanted)) {
            return wanted;
        }
        return amount.containsKey("USD") ? "USD" : amount.keySet().iterator().next();
    }

    /** {@code $10.00/User/Mo}: symbol and amount, unit, frequency (none for a one-time price). */
    static String text(BigDecimal amount, String currency, Cost cost, PricingFrequency frequency) {
        StringBuilder b = new StringBuilder(symbol(currency)).append(amount.setScale(2, RoundingMode.HALF_EVEN).toPlainString());
        String unit = unit(cost.unit());
        if (unit != null) {
            b.append('/').append(unit);
        }
        String period = period(frequency);
        if (period != null) {
            b.append('/').append(period);
        }
        return b.toString();
    }

    private static String symbol(String currency) {
        try {
            String symbol = Currency.getInstance(currency).getSymbol(Locale.US);
            return symbol.equals(currency) ? currency + " " : symbol;
        } catch (IllegalArgumentException e) {
            return currency + " ";
        }
    }

    private static String unit(String unit) {
        if (unit == null || unit.equals("NOT_APPLICABLE") || unit.equals("FLAT") || unit.equals("FIXED")) {
            return null;
        }
        String lower = unit.toLowerCase(Locale.ROOT).replace('_', ' ');
        return Character.toUpperCase(lower.charAt(0)) + lower.substring(1);
    }

    private static String period(PricingFrequency frequency) {
        return switch (frequency) {
            case DAILY -> "Day";
            case MONTHLY -> "Mo";
            case QUARTERLY -> "Qtr";
            case SIX_MONTHS -> "6 Mo";
            case YEARLY -> "Yr";
            case TWO_YEARS -> "2 Yr";
            case THREE_YEARS -> "3 Yr";
            case ONE_TIME -> null;
        };
    }

    /**
     * billing's discounts indexed once per page by the product they name ({@code applicationId}; none: every product), so
     * that each listing looks at its own few rather than at every discount of the marketplace.
     */
    record Offered(Map<Long, List<Discount>> byProduct, List<Discount> anyProduct) {
        static final Offered NONE = new Offered(Map.of(), List.of());

        static Offered of(List<Discount> discounts) {
            Map<Long, List<Discount>> byProduct = new HashMap<>();
            List<Discount> anyProduct = new ArrayList<>();
            for (Discount d : discounts) {
                if (d.applicationId() == null) {
                    anyProduct.add(d);
                } else {
                    byProduct.computeIfAbsent(d.applicationId(), k -> new ArrayList<>()).add(d);
                }
            }
            return new Offered(byProduct, anyProduct);
        }

        /** The discounts that may apply to the product, in billing's order. */
        List<Discount> of(long productId) {
            List<Discount> own = byProduct.getOrDefault(productId, List.of());
            if (anyProduct.isEmpty()) {
                return own;
            }
            if (own.isEmpty()) {
                return anyProduct;
            }
            List<Discount> both = new ArrayList<>(own);
            both.addAll(anyProduct);
            return both;
        }
    }

    /** Whether a discount applies by itself now to this plan of this product (auto-applied, within its dates). */
    static boolean applies(Discount d, long productId, PaymentPlan plan, long now) {
        return (d.applicationId() == null || d.applicationId() == productId)
                && (d.editionId() == null || d.editionId().equals(plan.editionId))
                && (d.paymentPlanId() == null || d.paymentPlanId().equals(plan.id))
                && !Boolean.FALSE.equals(d.autoApply())
                && (d.startDate() == null || d.startDate() <= now) && (d.expirationDate() == null || d.expirationDate() > now);
    }

    /**
     * Discount details of a product: the highest percentage and fixed discounts that apply to any of its plans, and the
     * starting price after the best discount on the cheapest plan. Null when no discount applies.
     */
    static DiscountDetails discounts(ProductFacts facts, Optional<Start> start, String wantedCurrency, Offered offered,
            long now) {
        long productId = facts.product().id;
        List<PaymentPlan> plans = facts.allPlans();
        List<Discount> candidates = offered.of(productId);
        // a discount applies to a plan: without plans none does, whatever the marketplace's thousand discounts
        if (candidates.isEmpty() || plans.isEmpty()) {
            return null;
        }
        List<Discount> applicable = candidates.stream()
                .filter(d -> plans.stream().anyMatch(p -> applies(d, productId, p, now))).toList();
        if (applicable.isEmpty()) {
            return null;
        }
        BigDecimal highestPercentage = applicable.stream().filter(d -> "PERCENTAGE".equals(d.type()) && d.percentage() != null)
                .map(Discount::percentage).max(Comparator.naturalOrder()).orElse(null);
        Map<String, BigDecimal> highestFixed = null;
        String discounted = null;
        BigDecimal startPercentage = BigDecimal.ZERO;
        if (start.isPresent()) {
            Start s = start.get();
            String currency = displayCurrency(s, wantedCurrency);
            BigDecimal fixed = applicable.stream().filter(d -> "FIXED_PRICE".equals(d.type()) && d.price() != null)
                    .map(Discount::price).max(Comparator.naturalOrder()).orElse(null);
            highestFixed = fixed == null ? null : Map.of(currency, fixed);
            BigDecimal price = s.amount().get(currency);
            BigDecimal best = price;
            for (Discount d : applicable) {
                if (!applies(d, productId, s.plan(), now)) {
                    continue;
                }
                BigDecimal after = switch (d.type() == null ? "" : d.type()) {
                    case "PERCENTAGE" -> d.percentage() == null ? price
                            : price.multiply(BigDecimal.valueOf(100).subtract(d.percentage()))
                                    .divide(BigDecimal.valueOf(100), 10, RoundingMode.HALF_EVEN);
                    case "FIXED_PRICE" -> d.price() == null ? price : price.subtract(d.price()).max(BigDecimal.ZERO);
                    case "FLAT" -> d.discountValue() == null ? price : d.discountValue();
                    default -> price;
                };
                if (after.compareTo(best) < 0) {
                    best = after;
                }
                if ("PERCENTAGE".equals(d.type()) && d.percentage() != null && d.percentage().compareTo(startPercentage) > 0) {
                    startPercentage = d.percentage();
                }
            }
            discounted = text(best, currency, s.cost(), s.plan().frequency);
        }
        return new DiscountDetails(discounted, highestFixed, highestPercentage, startPercentage);
    }
}
