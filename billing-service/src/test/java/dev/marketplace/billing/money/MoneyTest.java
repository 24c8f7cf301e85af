package dev.marketplace.billing.money;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigDecimal;

import org.junit.jupiter.api.Test;

/**
 * Money's rounding, without Quarkus: every amount is rounded once, half-even, to its currency's ISO 4217 digits. Values
 * are compared with their scale ({@code BigDecimal.equals}): 2.50 is not 2.5.
 */
class MoneyTest {

    private static BigDecimal d(String value) {
        return new BigDecimal(value);
    }

    @Test
    void currenciesHaveTheirIsoDigits() {
        assertEquals(2, Money.digits("USD"));
        assertEquals(2, Money.digits("EUR"));
        assertEquals(0, Money.digits("JPY"));
        assertEquals(0, Money.digits("KRW"));
        // the API sells in none of these, but Money follows ISO for every currency
        assertEquals(3, Money.digits("BHD"));
        assertEquals(3, Money.digits("KWD"));
        // no minor unit at all in ISO (-1): treated as whole units
        assertEquals(0, Money.digits("XAU"));
    }

    @Test
    void halvesRoundToTheEvenDigit() {
        assertEquals(d("2.34"), Money.round(d("2.345"), "USD"));
        assertEquals(d("2.36"), Money.round(d("2.355"), "USD"));
        assertEquals(d("2.35"), Money.round(d("2.3450001"), "USD"), "more than half rounds up");
        assertEquals(d("-2.34"), Money.round(d("-2.345"), "USD"), "negative amounts round like positive ones");
        assertEquals(d("0"), Money.round(d("0.5"), "JPY"));
        assertEquals(d("2"), Money.round(d("1.5"), "JPY"));
        assertEquals(d("2"), Money.round(d("2.5"), "JPY"));
        assertEquals(d("1.234"), Money.round(d("1.2345"), "BHD"));
        assertEquals(d("1.236"), Money.round(d("1.2355"), "BHD"));
    }

    @Test
    void roundingAddsTheCurrencysDigits() {
        assertEquals(d("5.00"), Money.round(d("5"), "USD"));
        assertEquals(d("5"), Money.round(d("5.00"), "JPY"));
        assertEquals(d("0.00"), Money.zero("USD"));
        assertEquals(d("0"), Money.zero("JPY"));
        assertEquals(d("0.000"), Money.zero("KWD"));
    }

    @Test
    void aPriceTimesAQuantityIsRoundedOnce() {
        assertEquals(d("59.97"), Money.times(d("19.99"), d("3"), "USD"));
        assertEquals(d("1.00"), Money.times(d("0.333"), d("3"), "USD"), "the product is rounded, not the unit price");
        assertEquals(d("0.00"), Money.times(d("0.005"), d("1"), "USD"));
        assertEquals(d("0.02"), Money.times(d("0.015"), d("1"), "USD"));
        assertEquals(d("0.00"), Money.times(d("19.99"), d("0"), "USD"));
        assertEquals(d("1000"), Money.times(d("333.5"), d("3"), "JPY"), "1000.5 is 1000 yen");
        assertEquals(d("0.25"), Money.times(d("0.10"), d("2.5"), "USD"), "fractional quantities (metered usage)");
    }

    @Test
    void aConversionIsRoundedToTheTargetCurrency() {
        assertEquals(d("14950"), Money.convert(d("100.00"), d("149.5"), "JPY"));
        assertEquals(d("1496"), Money.convert(d("10.00"), d("149.567"), "JPY"));
        assertEquals(d("18.29"), Money.convert(d("19.99"), d("0.915"), "EUR"));
        assertEquals(d("0.00"), Money.convert(d("1.00"), d("0.000001"), "EUR"));
        assertEquals(d("-9.00"), Money.convert(d("-10.00"), d("0.9"), "EUR"));
        assertEquals(d("3.760"), Money.convert(d("10.00"), d("0.37604"), "BHD"));
    }

    @Test
    void aPercentageIsRoundedOnce() {
        assertEquals(d("10.00"), Money.percent(d("99.99"), d("10"), "USD"));
        assertEquals(d("0.02"), Money.percent(d("0.20"), d("12.5"), "USD"), "0.025 is 0.02");
        assertEquals(d("0.00"), Money.percent(d("59.97"), d("0"), "USD"));
        assertEquals(d("59.97"), Money.percent(d("59.97"), d("100"), "USD"));
        assertEquals(d("33"), Money.percent(d("100"), d("33.33"), "JPY"));
    }

    @Test
    void storedAmountsAreReadWithTheCurrencysDigits() {
        assertEquals(d("12.34"), Money.of(d("12.3450"), "USD"), "a stored half cent rounds to even");
        assertEquals(d("1000"), Money.of(d("1000.4999"), "JPY"));
        assertNull(Money.of(null, "USD"));
    }

    @Test
    void answersDropTheColumnsTrailingZeros() {
        assertEquals("70", Money.plain(d("70.00")).toPlainString());
        assertEquals("1.25", Money.plain(d("1.250000")).toPlainString());
        assertEquals("100", Money.plain(d("100.0000")).toPlainString(), "never 1E+2");
        assertEquals("0", Money.plain(d("0.0000")).toPlainString());
        assertNull(Money.plain(null));
    }
}
