package dev.marketplace.billing.pricing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import dev.marketplace.billing.money.Money;
import dev.marketplace.billing.pricing.DiscountTerms.Kind;

/**
 * The pricing of an order or a billing period as properties (jqwik), over any items (units, quantities, prices of up to
 * 4 decimals, as the catalogue gives them) in JPY, USD or KWD, and any discount of any kind, on one unit or the whole
 * order: the total is the sum of the lines; no line but the discount's, and no total, is below zero; every amount has
 * the currency's minor units; a discount never takes off more than the lines it is for.
 */
class PricingPropertiesTest {
    private static final List<String> UNITS = List.of("USER", "SEAT", "STORAGE");

    @Provide
    Arbitrary<String> currencies() {
        return Arbitraries.of("JPY", "USD", "KWD");
    }

    /** A price of the catalogue: 0 to 100,000 with up to 4 decimals. */
    static Arbitrary<BigDecimal> prices() {
        return Arbitraries.integers().between(0, 4).flatMap(scale -> Arbitraries.longs()
                .between(0, 100_000L * BigDecimal.TEN.pow(scale).longValueExact()).map(units -> BigDecimal.valueOf(units, scale)));
    }

    @Provide
    Arbitrary<List<Pricing.Item>> items() {
        Arbitrary<Pricing.Item> item = Combinators.combine(Arbitraries.of(UNITS), Arbitraries.integers().between(0, 1000),
                prices()).as((unit, quantity, price) -> new Pricing.Item(unit, BigDecimal.valueOf(quantity), price, unit));
        return item.list().ofMinSize(0).ofMaxSize(6);
    }

    /** Any discount: a percentage up to 100 with two decimals, or an amount of up to 4 decimals; on a unit or all. */
    @Provide
    Arbitrary<DiscountTerms> discounts() {
        Arbitrary<BigDecimal> percentage = Arbitraries.integers().between(1, 10_000).map(p -> BigDecimal.valueOf(p, 2));
        Arbitrary<String> unit = Arbitraries.of("USER", "SEAT", "STORAGE", "NONE").map(u -> u.equals("NONE") ? null : u);
        return Combinators.combine(Arbitraries.of(Kind.class), percentage, prices(), unit)
                .as((kind, percent, amount, on) -> new DiscountTerms(1, "CODE", "Sale", kind,
                        kind == Kind.PERCENTAGE ? percent : null, kind == Kind.FIXED_PRICE ? amount : null,
                        kind == Kind.FLAT ? amount : null, on, null, false, null));
    }

    @Provide
    Arbitrary<DiscountTerms> discountsOrNone() {
        return discounts().injectNull(0.2);
    }

    @Property
    void theTotalIsTheSumOfTheLinesAndNeverBelowZero(@ForAll("items") List<Pricing.Item> items,
            @ForAll("discountsOrNone") DiscountTerms discount, @ForAll("currencies") String currency) {
        Pricing.Priced priced = Pricing.price(currency, items, discount);
        int digits = Money.digits(currency);
        BigDecimal sum = Money.zero(currency);
        for (Pricing.Line line : priced.lines()) {
            assertEquals(digits, line.total().scale(), "every line in " + currency + "'s minor units: " + line);
            if (line.type() == Pricing.LineType.ITEM) {
                assertTrue(line.total().signum() >= 0, "no item line below zero: " + line);
                assertEquals(Money.times(line.unitPrice(), line.quantity(), currency), line.total());
            } else {
                assertEquals(priced.discount().negate(), line.total(), "the discount line is what the discount takes off");
            }
            sum = sum.add(line.total());
        }
        assertEquals(sum, priced.total(), "the total is the sum of the lines");
        assertEquals(digits, priced.total().scale());
        assertTrue(priced.total().signum() >= 0, "a discount never makes a price negative: " + priced);
        assertTrue(priced.discount().signum() >= 0, "a discount never adds to a price: " + priced);
        assertEquals(priced.discount().signum() > 0 ? items.size() + 1 : items.size(), priced.lines().size(),
                "one line per item, and one for a discount that takes something off");
    }

    @Property
    void aDiscountTakesOffAtMostTheLinesItIsFor(@ForAll("items") List<Pricing.Item> items,
            @ForAll("discounts") DiscountTerms discount, @ForAll("currencies") String currency) {
        Pricing.Priced priced = Pricing.price(currency, items, discount);
        BigDecimal discountable = priced.lines().stream().filter(l -> l.type() == Pricing.LineType.ITEM)
                .filter(l -> discount.unit() == null || discount.unit().equals(l.unit())).map(Pricing.Line::total)
                .reduce(Money.zero(currency), BigDecimal::add);
        assertTrue(priced.discount().compareTo(discountable) <= 0, priced.discount() + " off " + discountable);
        BigDecimal expected = switch (discount.kind()) {
            case PERCENTAGE -> Money.percent(discountable, discount.percentage(), currency);
            case FIXED_PRICE -> Money.round(discount.amount(), currency).min(discountable);
            // the lines it is for cost the final amount, unless they cost less already
            case FLAT -> discountable.subtract(Money.round(discount.finalAmount(), currency)).max(Money.zero(currency));
        };
        assertEquals(expected, priced.discount());
    }

    @Property
    void aSavingLiesBetweenNothingAndTheWholeBase(@ForAll("discounts") DiscountTerms discount,
            @ForAll @LongRange(min = 0, max = 10_000_000_000L) long baseUnits, @ForAll("currencies") String currency) {
        BigDecimal base = BigDecimal.valueOf(baseUnits, Money.digits(currency));
        BigDecimal saving = Pricing.saving(discount, base, currency);
        assertTrue(saving.signum() >= 0 && saving.compareTo(base) <= 0, saving + " off " + base);
        assertEquals(Money.digits(currency), saving.scale());
    }

    /** Over any number of invoices, a discount of n billing cycles discounts exactly the first n (all without a limit). */
    @Property
    void aDiscountAppliesToItsBillingCyclesOnly(@ForAll @IntRange(min = 0, max = 60) int invoices,
            @ForAll @IntRange(min = 0, max = 24) int cycles) {
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
    }
}
