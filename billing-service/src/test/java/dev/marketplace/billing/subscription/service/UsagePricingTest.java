package dev.marketplace.billing.subscription.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.exchangerate.service.ExchangeRateService.Conversion;
import dev.marketplace.billing.money.CurrencyCode;
import dev.marketplace.billing.usage.service.UsageService.PricedItem;
import dev.marketplace.common.error.ApiException;

/** Reported usage priced in the subscription's currency: by the plan, or at the vendor's price converted once. */
class UsagePricingTest {
    private static final List<OrderTerms.UnitPrice> PLAN = List.of(new OrderTerms.UnitPrice("GIGABYTE", new BigDecimal("0.10"),
            true, 0));

    private static BigDecimal d(String value) {
        return new BigDecimal(value);
    }

    private static UsageInput.Item item(String unit, String quantity, String price, CurrencyCode currency) {
        return new UsageInput.Item(unit, d(quantity), price == null ? null : d(price), currency, "March");
    }

    @Test
    void anItemWithoutPriceIsPricedByThePlan() {
        PricedItem priced = UsagePricing.atPlanPrice(item("GIGABYTE", "2.5", null, null), PLAN, "USD", "items[0]");
        assertEquals(d("0.10"), priced.unitPrice());
        assertEquals(d("0.25"), priced.amount());
        assertEquals("USD", priced.originalCurrency());
        assertNull(priced.exchangeRate());
    }

    @Test
    void anItemWithoutPriceOfAUnitThePlanDoesNotPriceIsRefused() {
        ApiException e = assertThrows(ApiException.class,
                () -> UsagePricing.atPlanPrice(item("CPU_HOUR", "1", null, null), PLAN, "USD", "items[2]"));
        assertEquals(400, e.status());
        assertEquals("items[2].price: is required: the plan does not price CPU_HOUR", e.getMessage());
    }

    @Test
    void aPriceInTheSubscriptionsCurrencyIsTakenAsItIs() {
        UsageInput.Item item = item("API_CALLS", "1000", "0.0015", null);
        assertEquals("USD", UsagePricing.reportedCurrency(item, "USD"));
        PricedItem priced = UsagePricing.atReportedPrice(item, "USD", "USD",
                Conversion.same(UsagePricing.reportedAmount(item), "USD"));
        assertEquals(d("1.50"), priced.amount());
        assertEquals(d("0.0015"), priced.unitPrice());
        assertNull(priced.exchangeRate(), "no conversion, no rate");
    }

    @Test
    void aForeignPriceIsConvertedOnTheWholeAmountSoSmallPricesAreNotLost() {
        UsageInput.Item item = item("API_CALLS", "3", "0.0033", CurrencyCode.USD);
        assertEquals("USD", UsagePricing.reportedCurrency(item, "EUR"));
        PricedItem priced = UsagePricing.atReportedPrice(item, "USD", "EUR",
                Conversion.at(UsagePricing.reportedAmount(item), d("0.9"), "EUR"));
        // 3 × 0.0033 × 0.9 = 0.00891 → 0.01; a unit price rounded first (0.00297 → 0.00) would charge nothing
        assertEquals(d("0.01"), priced.amount());
        assertEquals(d("0.00297"), priced.unitPrice(), "the unit price is kept unrounded");
        assertEquals(d("0.9"), priced.exchangeRate());
        assertEquals(d("0.0033"), priced.originalUnitPrice());
        assertEquals("EUR", priced.currency());
    }

    @Test
    void aConversionIntoYenHasNoDecimals() {
        UsageInput.Item item = item("API_CALLS", "1000", "0.0015", CurrencyCode.USD);
        PricedItem priced = UsagePricing.atReportedPrice(item, "USD", "JPY",
                Conversion.at(UsagePricing.reportedAmount(item), d("149.7"), "JPY"));
        assertEquals(d("225"), priced.amount(), "1.5 USD × 149.7 = 224.55 yen");
    }
}
