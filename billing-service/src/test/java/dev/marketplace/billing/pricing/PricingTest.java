package dev.marketplace.billing.pricing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.pricing.DiscountTerms.Kind;

/**
 * The amounts of an order or a billing period, without Quarkus: one line per unit (price × quantity, rounded), the
 * discount as one negative line, taken off the lines it is for and never below zero.
 */
class PricingTest {
    private static final List<Pricing.Item> ORDER = List.of(item("USER", "3", "10.00"), item("STORAGE", "2", "2.50"));

    private static BigDecimal d(String value) {
        return new BigDecimal(value);
    }

    private static Pricing.Item item(String unit, String quantity, String unitPrice) {
        return new Pricing.Item(unit, d(quantity), d(unitPrice), "Edition — " + unit);
    }

    static DiscountTerms discount(Kind kind, String value, String unit) {
        return new DiscountTerms(7, "SAVE", "Spring sale", kind, kind == Kind.PERCENTAGE ? d(value) : null,
                kind == Kind.FIXED_PRICE ? d(value) : null, kind == Kind.FLAT ? d(value) : null, unit, null, false, null);
    }

    @Test
    void withoutDiscountTheTotalIsTheSumOfTheLines() {
        Pricing.Priced priced = Pricing.price("USD", ORDER, null);
        assertEquals(2, priced.lines().size());
        assertEquals(d("30.00"), priced.lines().get(0).total());
        assertEquals(d("5.00"), priced.lines().get(1).total());
        assertEquals(d("0.00"), priced.discount());
        assertEquals(d("35.00"), priced.total());
    }

    @Test
    void aPercentageIsTakenOffTheWholeOrderAsOneNegativeLine() {
        Pricing.Priced priced = Pricing.price("USD", ORDER, discount(Kind.PERCENTAGE, "10", null));
        assertEquals(d("3.50"), priced.discount());
        assertEquals(d("31.50"), priced.total());
        Pricing.Line line = priced.lines().get(2);
        assertEquals(Pricing.LineType.DISCOUNT, line.type());
        assertEquals(d("-3.50"), line.total());
        assertEquals(d("10"), line.percentage());
        assertEquals("Discount SAVE: Spring sale", line.description());
    }

    @Test
    void aDiscountForOneUnitIsTakenOffThatUnitsLinesOnly() {
        Pricing.Priced priced = Pricing.price("USD", ORDER, discount(Kind.PERCENTAGE, "10", "USER"));
        assertEquals(d("3.00"), priced.discount());
        assertEquals(d("32.00"), priced.total());
        assertEquals("USER", priced.lines().get(2).unit());
    }

    @Test
    void aDiscountForAUnitNotOrderedTakesNothingAndAddsNoLine() {
        Pricing.Priced priced = Pricing.price("USD", ORDER, discount(Kind.FIXED_PRICE, "5", "API_CALLS"));
        assertEquals(d("0.00"), priced.discount());
        assertEquals(d("35.00"), priced.total());
        assertEquals(2, priced.lines().size());
    }

    @Test
    void aPercentageRoundsItsHalfCentToEven() {
        Pricing.Priced priced = Pricing.price("USD", List.of(item("USER", "1", "0.20")), discount(Kind.PERCENTAGE, "12.5", null));
        assertEquals(d("0.02"), priced.discount(), "0.025 off is 0.02");
        assertEquals(d("0.18"), priced.total());
    }

    @Test
    void aFixedDiscountLargerThanTheAmountLeavesZeroNeverLess() {
        Pricing.Priced priced = Pricing.price("USD", ORDER, discount(Kind.FIXED_PRICE, "50", null));
        assertEquals(d("35.00"), priced.discount());
        assertEquals(d("0.00"), priced.total());
        assertEquals(d("-35.00"), priced.lines().get(2).total());
        assertNull(priced.lines().get(2).percentage(), "only a percentage discount carries its percentage");
    }

    @Test
    void aFixedDiscountIsRoundedToTheCurrency() {
        assertEquals(d("1.00"), Pricing.price("USD", ORDER, discount(Kind.FIXED_PRICE, "1.005", null)).discount());
        assertEquals(d("100"), Pricing.price("JPY", List.of(item("USER", "1", "1000")), discount(Kind.FIXED_PRICE, "100.5", null))
                .discount(), "100.5 yen off is 100");
    }

    @Test
    void aFlatDiscountMakesTheFinalAmountAndNeverRaisesIt() {
        Pricing.Priced flat = Pricing.price("USD", ORDER, discount(Kind.FLAT, "20", null));
        assertEquals(d("15.00"), flat.discount());
        assertEquals(d("20.00"), flat.total());

        Pricing.Priced free = Pricing.price("USD", ORDER, discount(Kind.FLAT, "0", null));
        assertEquals(d("0.00"), free.total());

        Pricing.Priced dearer = Pricing.price("USD", ORDER, discount(Kind.FLAT, "40", null));
        assertEquals(d("0.00"), dearer.discount(), "a final amount above the price takes nothing off");
        assertEquals(d("35.00"), dearer.total());
        assertEquals(2, dearer.lines().size(), "and adds no line");
    }

    @Test
    void eachLineIsRoundedBeforeTheSum() {
        // two half cents are two zero lines, not one cent
        Pricing.Priced priced = Pricing.price("USD", List.of(item("A", "1", "0.005"), item("B", "1", "0.005")), null);
        assertEquals(d("0.00"), priced.total());
        assertEquals(d("1000"), Pricing.price("JPY", List.of(item("USER", "3", "333.5")), null).total());
    }

    @Test
    void nothingOrderedCostsNothing() {
        Pricing.Priced priced = Pricing.price("JPY", List.of(), discount(Kind.FIXED_PRICE, "100", null));
        assertTrue(priced.lines().isEmpty());
        assertEquals(d("0"), priced.total());
        assertEquals(d("0.00"), Pricing.price("USD", List.of(item("USER", "0", "10.00")), null).total());
    }

    @Test
    void theSavingOfACandidateIsCappedByItsBase() {
        assertEquals(d("100.00"), Pricing.saving(discount(Kind.PERCENTAGE, "100", null), d("100.00"), "USD"));
        assertEquals(d("10.00"), Pricing.saving(discount(Kind.FIXED_PRICE, "15", null), d("10.00"), "USD"));
        assertEquals(d("0.00"), Pricing.saving(discount(Kind.FLAT, "12", null), d("10.00"), "USD"));
        assertEquals(d("0.00"), Pricing.saving(discount(Kind.FIXED_PRICE, "15", null), d("0.00"), "USD"));
    }
}
