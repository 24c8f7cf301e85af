package dev.marketplace.billing.money;

import static dev.marketplace.billing.money.Generated.TRIES;
import static dev.marketplace.billing.money.Generated.forAll;
import static dev.marketplace.billing.money.Generated.ints;
import static dev.marketplace.billing.money.Generated.longs;
import static dev.marketplace.billing.money.Generated.oneOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * The rounding rule of {@link Money} as properties (plain JUnit tests over seeded random cases, see {@link Generated}):
 * every amount it computes is rounded once, half-even, to the ISO 4217 minor units of its currency — 0 for JPY and KRW,
 * 2 for USD and EUR, 3 for KWD and BHD. Each result is checked against a rounding done here with integers (quotient and
 * remainder of the unscaled value), not against {@code setScale}, which is what the code itself calls.
 */
class MoneyPropertiesTest {
    static final String[] CURRENCIES = { "JPY", "KRW", "USD", "EUR", "KWD", "BHD" };

    record AmountIn(BigDecimal amount, String currency) {
    }

    record HalfIn(long units, String currency) {
    }

    record Product(BigDecimal unitPrice, int quantity, String currency) {
    }

    record Percentage(BigDecimal base, int hundredthsOfAPercent, String currency) {
    }

    static String currencies(Random random) {
        return oneOf(random, CURRENCIES);
    }

    /** Any amount, positive or negative, with 0 to 8 decimals (so that most have more digits than their currency). */
    static BigDecimal amounts(Random random) {
        return BigDecimal.valueOf(longs(random, -1_000_000_000_000L, 1_000_000_000_000L), ints(random, 0, 8));
    }

    static BigDecimal factors(Random random) {
        return BigDecimal.valueOf(longs(random, 0, 100_000_000L), ints(random, 0, 6));
    }

    /**
     * Amounts tried in every currency whatever the seed: zero, one minor unit of each currency, exact halves of them
     * (on both sides of zero, beside an even and an odd digit), the largest amounts and the most decimals.
     */
    static final List<BigDecimal> EDGE_AMOUNTS = decimals("0", "1", "0.01", "0.001", "0.5", "1.5", "2.5", "-0.5",
            "0.005", "0.015", "0.025", "-0.005", "0.0005", "0.0015", "0.0025", "-0.0005", "0.00000001", "-0.00000001",
            "0.99999999", "1000000000000", "-1000000000000", "10000.00000000", "99999999999.5", "-99999999999.5");

    static List<BigDecimal> decimals(String... values) {
        return List.of(values).stream().map(BigDecimal::new).toList();
    }

    static List<AmountIn> edgeAmounts() {
        List<AmountIn> edges = new ArrayList<>();
        for (String currency : CURRENCIES) {
            EDGE_AMOUNTS.forEach(amount -> edges.add(new AmountIn(amount, currency)));
        }
        return edges;
    }

    @Test
    void theMinorUnitsAreIso4217s() {
        forAll(TRIES, List.of(CURRENCIES), MoneyPropertiesTest::currencies, currency -> {
            int expected = switch (currency) {
                case "JPY", "KRW" -> 0;
                case "USD", "EUR" -> 2;
                default -> 3;
            };
            assertEquals(expected, Money.digits(currency));
            assertEquals(expected, Money.zero(currency).scale());
        });
    }

    @Test
    void anAmountIsRoundedHalfEvenToItsCurrencysMinorUnits() {
        forAll(TRIES, edgeAmounts(), r -> new AmountIn(amounts(r), currencies(r)), c -> {
            BigDecimal rounded = Money.round(c.amount(), c.currency());
            assertEquals(halfEven(c.amount(), Money.digits(c.currency())), rounded);
            assertTrue(rounded.subtract(c.amount()).abs().compareTo(halfMinorUnit(c.currency())) <= 0,
                    "never more than half a minor unit away");
        });
    }

    /** Exactly halfway between two minor units: the even one, whichever side it is. */
    @Test
    void aHalfGoesToTheEvenNeighbour() {
        List<HalfIn> edges = new ArrayList<>();
        for (String currency : CURRENCIES) {
            for (long units : new long[] { 0, 1, 2, -1, -2, 1_000_000_000L, 999_999_999L, -1_000_000_000L, -999_999_999L }) {
                edges.add(new HalfIn(units, currency));
            }
        }
        forAll(TRIES, edges, r -> new HalfIn(longs(r, -1_000_000_000L, 1_000_000_000L), currencies(r)), c -> {
            int digits = Money.digits(c.currency());
            // units + 0.5 (or - 0.5 below zero) minor units
            BigDecimal half = BigDecimal.valueOf(c.units() * 10 + (c.units() < 0 ? -5 : 5), digits + 1);
            BigDecimal rounded = Money.round(half, c.currency());
            BigInteger unscaled = rounded.unscaledValue();
            assertEquals(digits, rounded.scale());
            assertEquals(BigInteger.ZERO, unscaled.mod(BigInteger.TWO), half + " rounds to an even number of minor units");
            assertTrue(unscaled.subtract(BigInteger.valueOf(c.units())).abs().compareTo(BigInteger.ONE) <= 0);
        });
    }

    @Test
    void aPriceTimesAQuantityIsTheExactProductRoundedOnce() {
        List<Product> edges = new ArrayList<>();
        for (String currency : CURRENCIES) {
            for (BigDecimal price : decimals("0", "1", "0.01", "0.001", "0.5", "0.005", "0.0005", "0.000001", "100000000",
                    "99.999999")) {
                for (int quantity : new int[] { 0, 1, 3, 100_000 }) {
                    edges.add(new Product(price, quantity, currency));
                }
            }
        }
        forAll(TRIES, edges, r -> new Product(factors(r), ints(r, 0, 100_000), currencies(r)), c -> {
            BigDecimal times = Money.times(c.unitPrice(), BigDecimal.valueOf(c.quantity()), c.currency());
            assertEquals(halfEven(c.unitPrice().multiply(BigDecimal.valueOf(c.quantity())), Money.digits(c.currency())),
                    times);
            assertTrue(times.signum() >= 0, "no amount below zero");
        });
    }

    @Test
    void aPercentageOfAnAmountIsRoundedOnceAndNeverMoreThanTheAmount() {
        List<Percentage> edges = new ArrayList<>();
        for (String currency : CURRENCIES) {
            for (BigDecimal base : decimals("0", "1", "0.01", "0.001", "3", "0.03", "0.003", "0.5", "100000000")) {
                for (int hundredths : new int[] { 0, 1, 5000, 9999, 10_000 }) {
                    edges.add(new Percentage(base, hundredths, currency));
                }
            }
        }
        forAll(TRIES, edges, r -> new Percentage(factors(r), ints(r, 0, 10_000), currencies(r)), c -> {
            BigDecimal amount = Money.round(c.base(), c.currency());
            BigDecimal percentage = BigDecimal.valueOf(c.hundredthsOfAPercent(), 2); // 0.00 .. 100.00, as discounts allow
            BigDecimal part = Money.percent(amount, percentage, c.currency());
            assertEquals(halfEven(amount.multiply(percentage).divide(BigDecimal.valueOf(100)), Money.digits(c.currency())),
                    part);
            assertTrue(part.signum() >= 0 && part.compareTo(amount) <= 0, part + " is " + percentage + "% of " + amount);
        });
    }

    @Test
    void aStoredAmountReadsBackAsItWasWritten() {
        forAll(TRIES, edgeAmounts(), r -> new AmountIn(amounts(r), currencies(r)), c -> {
            BigDecimal rounded = Money.round(c.amount(), c.currency());
            // the columns keep 4 decimals, more than any currency has
            BigDecimal stored = rounded.setScale(4);
            assertEquals(rounded, Money.of(stored, c.currency()));
            assertEquals(0, Money.plain(stored).compareTo(rounded), "answers drop the column's zeros, never the value");
        });
    }

    static BigDecimal halfMinorUnit(String currency) {
        return BigDecimal.valueOf(5, Money.digits(currency) + 1);
    }

    /** Half-even rounding done by hand: the quotient by the dropped power of ten, moved by the remainder. */
    static BigDecimal halfEven(BigDecimal amount, int digits) {
        if (amount.scale() <= digits) {
            return amount.setScale(digits); // exact: only zeros are added
        }
        BigInteger divisor = BigInteger.TEN.pow(amount.scale() - digits);
        BigInteger[] qr = amount.unscaledValue().divideAndRemainder(divisor);
        BigInteger quotient = qr[0];
        int sign = amount.signum();
        int versusHalf = qr[1].abs().shiftLeft(1).compareTo(divisor);
        if (versusHalf > 0 || (versusHalf == 0 && quotient.testBit(0))) {
            quotient = quotient.add(BigInteger.valueOf(sign)); // away from zero: more than half, or a half beside an odd digit
        }
        return new BigDecimal(quotient, digits);
    }
}
