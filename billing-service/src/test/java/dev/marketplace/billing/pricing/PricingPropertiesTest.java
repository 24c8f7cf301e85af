package dev.marketplace.billing.pricing;

import static dev.marketplace.billing.money.Generated.TRIES;
import static dev.marketplace.billing.money.Generated.forAll;
import static dev.marketplace.billing.money.Generated.ints;
import static dev.marketplace.billing.money.Generated.listOf;
import static dev.marketplace.billing.money.Generated.longs;
import static dev.marketplace.billing.money.Generated.oneOf;
import static dev.marketplace.billing.money.Generated.orNull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.money.Money;
import dev.marketplace.billing.pricing.DiscountTerms.Kind;

/**
 * The pricing of an order or a billing period as properties (plain JUnit tests over seeded random cases, see
 * {@link dev.marketplace.billing.money.Generated}), over any items (units, quantities, prices of up to 4 decimals, as
 * the catalogue gives them) in JPY, USD or KWD, and any discount of any kind, on one unit or the whole order: the total
 * is the sum of the lines; no line but the discount's, and no total, is below zero; every amount has the currency's
 * minor units; a discount never takes off more than the lines it is for.
 */
class PricingPropertiesTest {
    private static final List<String> UNITS = List.of("USER", "SEAT", "STORAGE");
    private static final List<String> CURRENCIES = List.of("JPY", "USD", "KWD");

    record Order(List<Pricing.Item> items, DiscountTerms discount, String currency) {
    }

    record Saving(DiscountTerms discount, long baseUnits, String currency) {
    }

    record Cycles(int invoices, int cycles) {
    }

    static String currencies(Random random) {
        return oneOf(random, CURRENCIES);
    }

    /** A price of the catalogue: 0 to 100,000 with up to 4 decimals. */
    static BigDecimal prices(Random random) {
        int scale = ints(random, 0, 4);
        return BigDecimal.valueOf(longs(random, 0, 100_000L * BigDecimal.TEN.pow(scale).longValueExact()), scale);
    }

    static Pricing.Item item(String unit, int quantity, BigDecimal price) {
        return new Pricing.Item(unit, BigDecimal.valueOf(quantity), price, unit);
    }

    static List<Pricing.Item> items(Random random) {
        return listOf(random, 0, 6, r -> item(oneOf(r, UNITS), ints(r, 0, 1000), prices(r)));
    }

    static DiscountTerms discount(Kind kind, BigDecimal percent, BigDecimal amount, String on) {
        return new DiscountTerms(1, "CODE", "Sale", kind, kind == Kind.PERCENTAGE ? percent : null,
                kind == Kind.FIXED_PRICE ? amount : null, kind == Kind.FLAT ? amount : null, on, null, false, null);
    }

    /** Any discount: a percentage up to 100 with two decimals, or an amount of up to 4 decimals; on a unit or all. */
    static DiscountTerms discounts(Random random) {
        Kind kind = oneOf(random, Kind.class);
        BigDecimal percentage = BigDecimal.valueOf(ints(random, 1, 10_000), 2);
        BigDecimal amount = prices(random);
        String unit = oneOf(random, "USER", "SEAT", "STORAGE", "NONE");
        return discount(kind, percentage, amount, unit.equals("NONE") ? null : unit);
    }

    static DiscountTerms discountsOrNone(Random random) {
        return orNull(random, 0.2, PricingPropertiesTest::discounts);
    }

    static List<BigDecimal> decimals(String... values) {
        return Arrays.stream(values).map(BigDecimal::new).toList();
    }

    /**
     * Orders tried whatever the seed: none, one unit at one minor unit or at an exact half of one, the most items at the
     * highest price; under no discount or the extreme ones (0.01 % and 100 %, the highest amount off, a flat price of
     * zero or of an exact half), on all lines or on one unit.
     */
    static List<List<Pricing.Item>> edgeItems() {
        List<List<Pricing.Item>> edges = new ArrayList<>();
        edges.add(List.of());
        for (BigDecimal price : decimals("0", "1", "0.01", "0.001", "0.5", "0.005", "0.0005", "100000")) {
            edges.add(List.of(item("USER", 1, price)));
        }
        edges.add(List.of(item("USER", 0, new BigDecimal("100000")), item("SEAT", 1, new BigDecimal("0.0005"))));
        List<Pricing.Item> largest = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            largest.add(item(UNITS.get(i % UNITS.size()), 1000, new BigDecimal("100000.0000")));
        }
        edges.add(largest);
        return edges;
    }

    static List<DiscountTerms> edgeDiscounts() {
        List<DiscountTerms> edges = new ArrayList<>();
        for (String on : Arrays.asList(null, "USER")) {
            edges.add(discount(Kind.PERCENTAGE, new BigDecimal("0.01"), null, on));
            edges.add(discount(Kind.PERCENTAGE, new BigDecimal("50.00"), null, on));
            edges.add(discount(Kind.PERCENTAGE, new BigDecimal("100.00"), null, on));
            for (BigDecimal amount : decimals("0", "0.0005", "0.5", "100000")) {
                edges.add(discount(Kind.FIXED_PRICE, null, amount, on));
                edges.add(discount(Kind.FLAT, null, amount, on));
            }
        }
        return edges;
    }

    static List<Order> edgeOrders(boolean withNone) {
        List<DiscountTerms> discounts = new ArrayList<>(edgeDiscounts());
        if (withNone) {
            discounts.add(0, null);
        }
        List<Order> edges = new ArrayList<>();
        for (String currency : CURRENCIES) {
            for (List<Pricing.Item> items : edgeItems()) {
                for (DiscountTerms discount : discounts) {
                    edges.add(new Order(items, discount, currency));
                }
            }
        }
        return edges;
    }

    @Test
    void theTotalIsTheSumOfTheLinesAndNeverBelowZero() {
        forAll(TRIES, edgeOrders(true), r -> new Order(items(r), discountsOrNone(r), currencies(r)), order -> {
            List<Pricing.Item> items = order.items();
            DiscountTerms discount = order.discount();
            String currency = order.currency();
            Pricing.Priced priced = Pricing.price(currency, items, discount);
            int digits = Money.digits(currency);
            BigDecimal sum = Money.zero(currency);
            for (Pricing.Line line : priced.lines()) {
                assertEquals(digits, line.total().scale(), "every line in " + currency + "'s minor units: " + line);
                if (line.type() == Pricing.LineType.ITEM) {
                    assertTrue(line.total().signum() >= 0, "no item line below zero: " + line);
                    assertEquals(Money.times(line.unitPrice(), line.quantity(), currency), line.total());
                } else {
                    assertEquals(priced.discount().negate(), line.total(),
                            "the discount line is what the discount takes off");
                }
                sum = sum.add(line.total());
            }
            assertEquals(sum, priced.total(), "the total is the sum of the lines");
            assertEquals(digits, priced.total().scale());
            assertTrue(priced.total().signum() >= 0, "a discount never makes a price negative: " + priced);
            assertTrue(priced.discount().signum() >= 0, "a discount never adds to a price: " + priced);
            assertEquals(priced.discount().signum() > 0 ? items.size() + 1 : items.size(), priced.lines().size(),
                    "one line per item, and one for a discount that takes something off");
        });
    }

    @Test
    void aDiscountTakesOffAtMostTheLinesItIsFor() {
        forAll(TRIES, edgeOrders(false), r -> new Order(items(r), discounts(r), currencies(r)), order -> {
            List<Pricing.Item> items = order.items();
            DiscountTerms discount = order.discount();
            String currency = order.currency();
            Pricing.Priced priced = Pricing.price(currency, items, discount);
            BigDecimal discountable = priced.lines().stream().filter(l -> l.type() == Pricing.LineType.ITEM)
                    .filter(l -> discount.unit() == null || discount.unit().equals(l.unit())).map(Pricing.Line::total)
                    .reduce(Money.zero(currency), BigDecimal::add);
            assertTrue(priced.discount().compareTo(discountable) <= 0, priced.discount() + " off " + discountable);
            BigDecimal expected = switch (discount.kind()) {
                case PERCENTAGE -> Money.percent(discountable, discount.percentage(), currency);
                case FIXED_PRICE -> Money.round(discount.amount(), currency).min(discountable);
                // the lines it is for cost the final amount, unless they cost less already
                case FLAT -> discountable.subtract(Money.round(discount.finalAmount(), currency))
                        .max(Money.zero(currency));
            };
            assertEquals(expected, priced.discount());
        });
    }

    @Test
    void aSavingLiesBetweenNothingAndTheWholeBase() {
        List<Saving> edges = new ArrayList<>();
        for (String currency : CURRENCIES) {
            for (DiscountTerms discount : edgeDiscounts()) {
                for (long baseUnits : new long[] { 0, 1, 5, 10_000_000_000L }) {
                    edges.add(new Saving(discount, baseUnits, currency));
                }
            }
        }
        forAll(TRIES, edges, r -> new Saving(discounts(r), longs(r, 0, 10_000_000_000L), currencies(r)), c -> {
            DiscountTerms discount = c.discount();
            long baseUnits = c.baseUnits();
            String currency = c.currency();
            BigDecimal base = BigDecimal.valueOf(baseUnits, Money.digits(currency));
            BigDecimal saving = Pricing.saving(discount, base, currency);
            assertTrue(saving.signum() >= 0 && saving.compareTo(base) <= 0, saving + " off " + base);
            assertEquals(Money.digits(currency), saving.scale());
        });
    }

    /** Over any number of invoices, a discount of n billing cycles discounts exactly the first n (all without a limit). */
    @Test
    void aDiscountAppliesToItsBillingCyclesOnly() {
        List<Cycles> edges = List.of(new Cycles(0, 0), new Cycles(0, 1), new Cycles(1, 0), new Cycles(1, 1),
                new Cycles(24, 24), new Cycles(25, 24), new Cycles(23, 24), new Cycles(60, 0), new Cycles(60, 24));
        forAll(TRIES, edges, r -> new Cycles(ints(r, 0, 60), ints(r, 0, 24)), c -> {
            int invoices = c.invoices();
            int cycles = c.cycles();
            Integer billingCycles = cycles == 0 ? null : cycles;
            DiscountTerms terms = new DiscountTerms(1, null, "Sale", Kind.PERCENTAGE, BigDecimal.TEN, null, null, null,
                    billingCycles, false, null);
            int discounted = 0;
            for (int i = 0; i < invoices; i++) {
                if (terms.appliesToNextInvoice(discounted)) {
                    discounted++;
                }
            }
            assertEquals(billingCycles == null ? invoices : Math.min(invoices, billingCycles), discounted);
        });
    }
}
