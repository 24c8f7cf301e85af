package dev.marketplace.billing.money;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * The rounding rule of {@link Money} as properties (jqwik): every amount it computes is rounded once, half-even, to the
 * ISO 4217 minor units of its currency — 0 for JPY and KRW, 2 for USD and EUR, 3 for KWD and BHD. Each result is checked
 * against a rounding done here with integers (quotient and remainder of the unscaled value), not against
 * {@code setScale}, which is what the code itself calls.
 */
class MoneyPropertiesTest {
    static final String[] CURRENCIES = { "JPY", "KRW", "USD", "EUR", "KWD", "BHD" };

    @Provide
    Arbitrary<String> currencies() {
        return Arbitraries.of(CURRENCIES);
    }

    /** Any amount, positive or negative, with 0 to 8 decimals (so that most have more digits than their currency). */
    @Provide
    Arbitrary<BigDecimal> amounts() {
        return Combinators.combine(Arbitraries.longs().between(-1_000_000_000_000L, 1_000_000_000_000L),
                Arbitraries.integers().between(0, 8)).as(BigDecimal::valueOf);
    }

    @Provide
    Arbitrary<BigDecimal> factors() {
        return Combinators.combine(Arbitraries.longs().between(0, 100_000_000L), Arbitraries.integers().between(0, 6))
                .as(BigDecimal::valueOf);
    }

    @Property
    void theMinorUnitsAreIso4217s(@ForAll("currencies") String currency) {
        int expected = switch (currency) {
            case "JPY", "KRW" -> 0;
            case "USD", "EUR" -> 2;
            default -> 3;
        };
        assertEquals(expected, Money.digits(currency));
        assertEquals(expected, Money.zero(currency).scale());
    }

    @Property
    void anAmountIsRoundedHalfEvenToItsCurrencysMinorUnits(@ForAll("amounts") BigDecimal amount,
            @ForAll("currencies") String currency) {
        BigDecimal rounded = Money.round(amount, currency);
        assertEquals(halfEven(amount, Money.digits(currency)), rounded);
        assertTrue(rounded.subtract(amount).abs().compareTo(halfMinorUnit(currency)) <= 0, "never more than half a minor unit away");
    }

    /** Exactly halfway between two minor units: the even one, whichever side it is. */
    @Property
    void aHalfGoesToTheEvenNeighbour(@ForAll @LongRange(min = -1_000_000_000L, max = 1_000_000_000L) long units,
            @ForAll("currencies") String currency) {
        int digits = Money.digits(currency);
        // units + 0.5 (or - 0.5 below zero) minor units
        BigDecimal half = BigDecimal.valueOf(units * 10 + (units < 0 ? -5 : 5), digits + 1);
        BigDecimal rounded = Money.round(half, currency);
        BigInteger unscaled = rounded.unscaledValue();
        assertEquals(digits, rounded.scale());
        assertEquals(BigInteger.ZERO, unscaled.mod(BigInteger.TWO), half + " rounds to an even number of minor units");
        assertTrue(unscaled.subtract(BigInteger.valueOf(units)).abs().compareTo(BigInteger.ONE) <= 0);
    }

    @Property
    void aPriceTimesAQuantityIsTheExactProductRoundedOnce(@ForAll("factors") BigDecimal unitPrice,
            @ForAll @IntRange(min = 0, max = 100_000) int quantity, @ForAll("currencies") String currency) {
        BigDecimal times = Money.times(unitPrice, BigDecimal.valueOf(quantity), currency);
        assertEquals(halfEven(unitPrice.multiply(BigDecimal.valueOf(quantity)), Money.digits(currency)), times);
        assertTrue(times.signum() >= 0, "no amount below zero");
    }

    @Property
    void aPercentageOfAnAmountIsRoundedOnceAndNeverMoreThanTheAmount(@ForAll("factors") BigDecimal base,
            @ForAll @IntRange(min = 0, max = 10_000) int hundredthsOfAPercent, @ForAll("currencies") String currency) {
        BigDecimal amount = Money.round(base, currency);
        BigDecimal percentage = BigDecimal.valueOf(hundredthsOfAPercent, 2); // 0.00 .. 100.00, as discounts allow
        BigDecimal part = Money.percent(amount, percentage, currency);
        assertEquals(halfEven(amount.multiply(percentage).divide(BigDecimal.valueOf(100)), Money.digits(currency)), part);
        assertTrue(part.signum() >= 0 && part.compareTo(amount) <= 0, part + " is " + percentage + "% of " + amount);
    }

    @Property
    void aStoredAmountReadsBackAsItWasWritten(@ForAll("amounts") BigDecimal amount, @ForAll("currencies") String currency) {
        BigDecimal rounded = Money.round(amount, currency);
        // the columns keep 4 decimals, more than any currency has
        BigDecimal stored = rounded.setScale(4);
        assertEquals(rounded, Money.of(stored, currency));
        assertEquals(0, Money.plain(stored).compareTo(rounded), "answers drop the column's zeros, never the value");
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
