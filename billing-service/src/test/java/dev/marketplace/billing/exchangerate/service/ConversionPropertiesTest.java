package dev.marketplace.billing.exchangerate.service;

import static dev.marketplace.billing.money.Generated.TRIES;
import static dev.marketplace.billing.money.Generated.doubles;
import static dev.marketplace.billing.money.Generated.either;
import static dev.marketplace.billing.money.Generated.forAll;
import static dev.marketplace.billing.money.Generated.ints;
import static dev.marketplace.billing.money.Generated.longs;
import static dev.marketplace.billing.money.Generated.oneOf;
import static dev.marketplace.billing.money.Generated.suchThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.exchangerate.service.ExchangeRateService.Conversion;
import dev.marketplace.billing.money.Money;

/**
 * Conversion at an exchange rate ({@link Conversion#at}, the one the service applies to usage and purchase limits) as
 * properties (plain JUnit tests over seeded random cases, see {@link dev.marketplace.billing.money.Generated}).
 * Rates are generated as the table keeps them (up to 12 decimals), log-uniformly between 10⁻⁶ and 10⁶, or with up to 4
 * decimals between 0.0001 and 10⁶; amounts from 0 to 10⁹ minor units of JPY, USD, KWD, EUR or KRW. "Back" is the same rate inverted (to 34 significant digits) and applied by the same code.
 *
 * <p>Converting an amount a of A at rate r rounds a × r to B's minor unit (an error of at most half of it), and converting
 * back divides that error by r and rounds again (half of A's minor unit). So the round trip stays within one minor unit
 * of A whenever half a minor unit of B, worth minor(B) / (2r) of A, is under 1.5 minor units of A: whenever
 * r &gt; minor(B) / (3 × minor(A)). USD→JPY at 150, JPY→USD at 0.0067, USD→EUR above 1/3 all hold; KRW→USD at
 * 0.00075 does not (below 0.0033, whole won are lost in the cents: {@link #belowTheBoundWholeMinorUnitsAreLost}). No
 * code can do better once the converted amount is an amount of B: the bound is the cost of B's minor unit.
 */
class ConversionPropertiesTest {
    private static final String[] CURRENCIES = { "JPY", "USD", "KWD", "EUR", "KRW" };

    static BigDecimal minorUnit(String currency) {
        return BigDecimal.ONE.movePointLeft(Money.digits(currency));
    }

    /**
     * Units of B per unit of A, as the rate column keeps it (12 decimals), log-uniform in [10⁻⁶, 10⁶]; and, as often,
     * rates of a few decimals (149.5, 0.915) as people type them, whose products land exactly on halves.
     */
    static BigDecimal rates(Random random) {
        return either(random,
                r -> new BigDecimal(Math.pow(10, doubles(r, -6, 6))).setScale(12, RoundingMode.HALF_EVEN),
                r -> BigDecimal.valueOf(longs(r, 1, 1_000_000L), ints(r, 0, 4)));
    }

    record Case(String from, String to, BigDecimal amount, BigDecimal rate) {
        /** The rate above which the round trip stays within one minor unit of {@code from}. */
        BigDecimal bound() {
            return minorUnit(to).divide(minorUnit(from).multiply(BigDecimal.valueOf(3)), MathContext.DECIMAL128);
        }
    }

    static Case anyCase(Random random) {
        String from = oneOf(random, CURRENCIES);
        String to = oneOf(random, CURRENCIES);
        return new Case(from, to, BigDecimal.valueOf(longs(random, 0, 1_000_000_000L), Money.digits(from)), rates(random));
    }

    static boolean isWithinBound(Case c) {
        return c.rate().compareTo(c.bound()) > 0;
    }

    static Case withinBound(Random random) {
        return suchThat(random, ConversionPropertiesTest::anyCase, ConversionPropertiesTest::isWithinBound);
    }

    /**
     * Cases tried whatever the seed, between every two currencies: nothing, one minor unit, an amount whose product
     * lands on an exact half, the largest amount; at the lowest and highest rates, rates of a few decimals and the
     * table's 12.
     */
    static List<Case> edgeCases() {
        List<Case> edges = new ArrayList<>();
        for (String from : CURRENCIES) {
            for (String to : CURRENCIES) {
                for (long units : new long[] { 0, 1, 3, 5, 1_000_000_000L }) {
                    for (String rate : new String[] { "0.000001000000", "0.0001", "0.000750000000", "0.5", "1", "1.5", "149.5",
                            "0.915", "1000000", "1000000.000000000000" }) {
                        edges.add(new Case(from, to, BigDecimal.valueOf(units, Money.digits(from)), new BigDecimal(rate)));
                    }
                }
            }
        }
        return edges;
    }

    private static BigDecimal there(Case c) {
        return Conversion.at(c.amount(), c.rate(), c.to()).amount();
    }

    private static BigDecimal back(Case c, BigDecimal converted) {
        return Conversion.at(converted, BigDecimal.ONE.divide(c.rate(), MathContext.DECIMAL128), c.from()).amount();
    }

    @Test
    void aConvertedAmountIsTheExactProductRoundedHalfEvenToTheTargetsMinorUnits() {
        forAll(TRIES, edgeCases(), ConversionPropertiesTest::anyCase, c -> {
            Conversion conversion = Conversion.at(c.amount(), c.rate(), c.to());
            BigDecimal exact = c.amount().multiply(c.rate());
            assertEquals(Money.digits(c.to()), conversion.amount().scale());
            assertEquals(exact.setScale(Money.digits(c.to()), RoundingMode.HALF_EVEN), conversion.amount());
            assertEquals(c.rate(), conversion.rate(), "the rate used is kept with the amount");
            assertTrue(conversion.amount().signum() >= 0, "no amount below zero");
        });
    }

    @Test
    void thereAndBackStaysWithinOneMinorUnitAboveTheBound() {
        List<Case> edges = edgeCases().stream().filter(ConversionPropertiesTest::isWithinBound).toList();
        forAll(TRIES, edges, ConversionPropertiesTest::withinBound, c -> {
            BigDecimal converted = there(c);
            BigDecimal back = back(c, converted);
            assertTrue(back.subtract(c.amount()).abs().compareTo(minorUnit(c.from())) <= 0,
                    c + ": " + c.amount() + " → " + converted + " " + c.to() + " → " + back);
        });
    }

    /** At any rate, the round trip loses at most B's half minor unit (seen from A) and A's half minor unit. */
    @Test
    void thereAndBackLosesAtMostTheTwoRoundings() {
        forAll(TRIES, edgeCases(), ConversionPropertiesTest::anyCase, c -> {
            BigDecimal back = back(c, there(c));
            BigDecimal half = new BigDecimal("0.5");
            BigDecimal bound = minorUnit(c.to()).multiply(half).divide(c.rate(), MathContext.DECIMAL128)
                    .add(minorUnit(c.from()).multiply(half)).add(new BigDecimal("1e-20"));
            assertTrue(back.subtract(c.amount()).abs().compareTo(bound) <= 0, c + " → " + back);
        });
    }

    @Test
    void belowTheBoundWholeMinorUnitsAreLost() {
        // 0.00075 USD per won is under the bound of 0.01 / 3: 5 won are 0.00375 USD, which is 0.00
        Case c = new Case("KRW", "USD", new BigDecimal("5"), new BigDecimal("0.00075"));
        assertEquals(new BigDecimal("0.00"), there(c));
        assertEquals(new BigDecimal("0"), back(c, there(c)));
        // a real sum is still kept to its cents: 1,000,000 won
        Case million = new Case("KRW", "USD", new BigDecimal("1000000"), new BigDecimal("0.00075"));
        assertEquals(new BigDecimal("750.00"), there(million));
        assertEquals(new BigDecimal("1000000"), back(million, there(million)));
    }
}
