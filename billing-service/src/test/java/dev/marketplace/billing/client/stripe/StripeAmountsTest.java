package dev.marketplace.billing.client.stripe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Amounts in Stripe's minor units, by Stripe's list of decimals (plain JUnit: no Quarkus). */
class StripeAmountsTest {

    @Test
    void twoDecimalCurrenciesAreSentInCents() {
        assertEquals(1000, StripeAmounts.minorUnits("10.00", "USD"));
        assertEquals(1999, StripeAmounts.minorUnits("19.99", "usd"));
        assertEquals(1050, StripeAmounts.minorUnits("10.5", "EUR"));
        assertEquals(1, StripeAmounts.minorUnits("0.01", "GBP"));
        assertEquals("usd", StripeAmounts.currencyParameter("USD"));
    }

    @Test
    void zeroDecimalCurrenciesAreSentAsTheyAre() {
        assertEquals(1000, StripeAmounts.minorUnits("1000", "JPY"));
        assertEquals(1000, StripeAmounts.minorUnits("1000.00", "JPY"), "trailing zeros are no decimals");
        assertEquals(55000, StripeAmounts.minorUnits("55000", "KRW"));
        // ISO gives MGA two decimals; Stripe none
        assertEquals(3000, StripeAmounts.minorUnits("3000", "MGA"));
        assertEquals(0, StripeAmounts.digits("VND"));
    }

    @Test
    void threeDecimalCurrenciesAreSentInThousandthsRoundedHalfEvenToTheNearestTen() {
        assertEquals(12340, StripeAmounts.minorUnits("12.345", "KWD"), "1234.5 tens → 1234");
        assertEquals(12360, StripeAmounts.minorUnits("12.355", "KWD"), "1235.5 tens → 1236");
        assertEquals(12350, StripeAmounts.minorUnits("12.35", "KWD"));
        assertEquals(5130, StripeAmounts.minorUnits("5.126", "BHD"));
        assertEquals(7000, StripeAmounts.minorUnits("7", "OMR"));
        assertEquals(3, StripeAmounts.digits("TND"));
    }

    @Test
    void iskIsStillSentWithTwoDecimals() {
        assertEquals(50000, StripeAmounts.minorUnits("500", "ISK"));
    }

    @Test
    void anAmountTheCurrencyCannotHoldOrNoAmountAtAllIsRefused() {
        assertEquals("amount has more decimals than JPY has (0)",
                assertThrows(IllegalArgumentException.class, () -> StripeAmounts.minorUnits("10.5", "JPY")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> StripeAmounts.minorUnits("10.005", "USD"));
        assertThrows(IllegalArgumentException.class, () -> StripeAmounts.minorUnits("12.3451", "KWD"));
        assertThrows(IllegalArgumentException.class, () -> StripeAmounts.minorUnits("0", "USD"));
        assertThrows(IllegalArgumentException.class, () -> StripeAmounts.minorUnits("-1.00", "USD"));
        assertThrows(IllegalArgumentException.class, () -> StripeAmounts.minorUnits("ten", "USD"));
        assertThrows(IllegalArgumentException.class, () -> StripeAmounts.minorUnits("10.00", "US"));
        assertThrows(IllegalArgumentException.class, () -> StripeAmounts.minorUnits("10.00", null));
    }
}
