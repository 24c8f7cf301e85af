package dev.marketplace.billing.subscription.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.pricing.DiscountTerms;
import dev.marketplace.billing.pricing.Pricing;
import dev.marketplace.billing.subscription.service.SubscriptionInputs.Item;

/**
 * One period of an order ({@link SubscriptionInvoicing#price}): what is charged per unit. Metered units are never
 * charged here (the vendor reports their usage); an order without items pays each unit's minimum, at least one.
 */
class SubscriptionPriceTest {
    private static final List<OrderTerms.UnitPrice> PRICES = List.of(
            new OrderTerms.UnitPrice("USER", new BigDecimal("10.00"), false, 5),
            new OrderTerms.UnitPrice("SEAT", new BigDecimal("2.50"), false, 0),
            new OrderTerms.UnitPrice("API_CALLS", new BigDecimal("0.002"), true, 0));

    @Test
    void orderedItemsArePricedByTheirUnit() {
        Pricing.Priced priced = SubscriptionInvoicing.price("USD", List.of(new Item("USER", 3), new Item("SEAT", 4)), PRICES,
                null, "Basic");
        assertEquals(new BigDecimal("40.00"), priced.total());
        assertEquals(new BigDecimal("3"), priced.lines().get(0).quantity());
        assertEquals("Basic — USER", priced.lines().get(0).description());
    }

    @Test
    void anOrderWithoutItemsPaysEachUnitsMinimumAndAtLeastOne() {
        Pricing.Priced priced = SubscriptionInvoicing.price("USD", List.of(), PRICES, null, null);
        assertEquals(2, priced.lines().size(), "the metered unit is not charged");
        assertEquals(new BigDecimal("5"), priced.lines().get(0).quantity());
        assertEquals(new BigDecimal("1"), priced.lines().get(1).quantity(), "a minimum of 0 is one unit");
        assertEquals(new BigDecimal("52.50"), priced.total());
        assertEquals("Subscription — USER", priced.lines().get(0).description());
    }

    @Test
    void meteredAndUnpricedItemsAreNotCharged() {
        Pricing.Priced priced = SubscriptionInvoicing.price("USD", List.of(new Item("API_CALLS", 1000), new Item("GIGABYTE", 2)),
                PRICES, null, "Basic");
        assertEquals(0, priced.lines().size());
        assertEquals(new BigDecimal("0.00"), priced.total());
    }

    @Test
    void theDiscountAppliesToThePeriod() {
        DiscountTerms half = new DiscountTerms(1, null, "Half", DiscountTerms.Kind.PERCENTAGE, new BigDecimal("50"), null, null,
                null, null, false, null);
        Pricing.Priced priced = SubscriptionInvoicing.price("USD", List.of(new Item("USER", 3)), PRICES, half, "Basic");
        assertEquals(new BigDecimal("15.00"), priced.discount());
        assertEquals(new BigDecimal("15.00"), priced.total());
        assertEquals("Discount: Half", priced.lines().get(1).description(), "a discount without a code");
    }
}
