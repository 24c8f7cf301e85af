package dev.marketplace.billing.exchangerate.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

import org.junit.jupiter.api.Test;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import dev.marketplace.billing.exchangerate.service.ExchangeRateService.Conversion;
import dev.marketplace.billing.money.Money;

/**
 * Conversion at an exchange rate ({@link Conversion#at}, the one the service applies to usage and purchase limits) as
 * properties (jqwik). Rates are generated as the table keeps them (up to 12 decimals), log-uniformly between 10⁻⁶ and
 * 10⁶, or with up to 4 decimals between 0.0001 and 10⁶; amounts from 0 to 10⁹ minor units of JPY, USD, KWD, EUR or
 * KRW. "Back" is the same rate inverted (to 34 significant digits) and applied by the same code.
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
    static Arbitrary<BigDecimal> rates() {
        Arbitrary<BigDecimal> logUniform = Arbitraries.doubles().between(-6, 6)
                .map(e -> new BigDecimal(Math.pow(10, e)).setScale(12, RoundingMode.HALF_EVEN)).filter(r -> r.signum() > 0);
        Arbitrary<BigDecimal> typed = Combinators.combine(Arbitraries.longs().between(1, 1_000_000L),
                Arbitraries.integers().between(0, 4)).as(BigDecimal::valueOf);
        return Arbitraries.oneOf(logUniform, typed);
    }

    record Case(String from, String to, BigDecimal amount, BigDecimal rate) {
        /** The rate above which the round trip stays within one minor unit of {@code from}. */
        BigDecimal bound() {
            return minorUnit(to).divide(minorUnit(from).multiply(BigDecimal.valueOf(3)), MathContext.DECIMAL128);
        }
    }

    private static Arbitrary<Case> cases(boolean withinBound) {
        Arbitrary<String> currency = Arbitraries.of(CURRENCIES);
        return Combinators.combine(currency, currency, Arbitraries.longs().between(0, 1_000_000_000L), rates())
                .as((from, to, units, rate) -> new Case(from, to, BigDecimal.valueOf(units, Money.digits(from)), rate))
                .filter(c -> !withinBound || c.rate().compareTo(c.bound()) > 0);
    }

    @Provide
    Arbitrary<Case> anyCase() {
        return cases(false);
    }

    @Provide
    Arbitrary<Case> withinBound() {
        return cases(true);
    }

    private static BigDecimal there(Case c) {
        return Conversion.at(c.amount(), c.rate(), c.to()).amount();
    }

    private static BigDecimal back(Case c, BigDecimal converted) {
        return Conversion.at(converted, BigDecimal.ONE.divide(c.rate(), MathContext.DECIMAL128), c.from()).amount();
    }

    @Property
    void aConvertedAmountIsTheExactProductRoundedHalfEvenToTheTargetsMinorUnits(@ForAll("anyCase") Case c) {
        Conversion conversion = Conversion.at(c.amount(), c.rate(), c.to());
        BigDecimal exact = c.amount().multiply(c.rate());
        assertEquals(Money.digits(c.to()), conversion.amount().scale());
        assertEquals(exact.setScale(Money.digits(c.to()), RoundingMode.HALF_EVEN), conversion.amount());
        assertEquals(c.rate(), conversion.rate(), "the rate used is kept with the amount");
        assertTrue(conversion.amount().signum() >= 0, "no amount below zero");
    }

    @Property
    void thereAndBackStaysWithinOneMinorUnitAboveTheBound(@ForAll("withinBound") Case c) {
        BigDecimal converted = there(c);
        BigDecimal back = back(c, converted);
        assertTrue(back.subtract(c.amount()).abs().compareTo(minorUnit(c.from())) <= 0,
                c + ": " + c.amount() + " → " + converted + " " + c.to() + " → " + back);
    }

    /** At any rate, the round trip loses at most B's half minor unit (seen from A) and A's half minor unit. */
    @Property
    void thereAndBackLosesAtMostTheTwoRoundings(@ForAll("anyCase") Case c) {
        BigDecimal back = back(c, there(c));
        BigDecimal half = new BigDecimal("0.5");
        BigDecimal bound = minorUnit(c.to()).multiply(half).divide(c.rate(), MathContext.DECIMAL128)
                .add(minorUnit(c.from()).multiply(half)).add(new BigDecimal("1e-20"));
        assertTrue(back.subtract(c.amount()).abs().compareTo(bound) <= 0, c + " → " + back);
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
