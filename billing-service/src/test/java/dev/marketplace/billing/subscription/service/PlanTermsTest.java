package dev.marketplace.billing.subscription.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.client.CatalogApi;
import dev.marketplace.billing.client.CatalogApi.Cost;
import dev.marketplace.billing.client.CatalogApi.Plan;
import dev.marketplace.billing.subscription.service.SubscriptionInputs.Item;
import dev.marketplace.common.error.ApiException;

/** Which plan an order buys and whether its items fit the plan: priced units, quantities within bounds, the currency. */
class PlanTermsTest {
    private static final CatalogApi.Integration PRODUCT = new CatalogApi.Integration(11, "P", "app-uuid", "key",
            Map.of("SUBSCRIPTION_ORDER", "https://vendor.example/create?eventUrl={eventUrl}"), false, "Task Pro", "Tasky");
    private static final Cost USER = new Cost("USER", 1, 10, false, Map.of("USD", new BigDecimal("10.00"), "EUR",
            new BigDecimal("9.50")));
    private static final Cost SEAT = new Cost("SEAT", null, null, false, Map.of("USD", new BigDecimal("2.00")));
    private static final Cost CALLS = new Cost("API_CALLS", 0, null, true, Map.of("USD", new BigDecimal("0.002")));

    private static Plan plan(long id, boolean primary, Cost... costs) {
        return new Plan(id, "plan-" + id, "MONTHLY", primary, List.of(costs));
    }

    private static CatalogApi.Edition edition(Plan... plans) {
        return new CatalogApi.Edition(21, "edition-uuid", "BASIC", "Basic", List.of(plans));
    }

    private static OrderTerms terms(CatalogApi.Edition edition, Long planId, String currency, Item... items) {
        return PlanTerms.of(PRODUCT, edition, planId, List.of(items), currency);
    }

    private static String refusal(CatalogApi.Edition edition, Long planId, String currency, Item... items) {
        ApiException e = assertThrows(ApiException.class, () -> terms(edition, planId, currency, items));
        assertEquals(400, e.status());
        assertEquals(ApiException.INVALID_FIELD, e.code());
        return e.getMessage();
    }

    @Test
    void theAskedPlanElseThePrimaryElseTheFirst() {
        CatalogApi.Edition edition = edition(plan(1, false, USER), plan(2, true, USER), plan(3, false, USER));
        assertEquals(3L, terms(edition, 3L, "USD").paymentPlanId());
        assertEquals(2L, terms(edition, null, "USD").paymentPlanId());
        assertEquals(1L, terms(edition(plan(1, false, USER), plan(3, false, USER)), null, "USD").paymentPlanId());
        assertEquals("paymentPlanId: edition 21 has no plan 9", refusal(edition, 9L, "USD"));
    }

    @Test
    void quantitiesMustLieWithinTheUnitsBoundsBothIncluded() {
        CatalogApi.Edition edition = edition(plan(1, true, USER, SEAT));
        assertEquals(1, terms(edition, null, "USD", new Item("USER", 1)).items().get(0).quantity());
        assertEquals(10, terms(edition, null, "USD", new Item("USER", 10)).items().get(0).quantity());
        assertEquals("items[0].quantity: must be between 1 and 10", refusal(edition, null, "USD", new Item("USER", 11)));
        assertEquals("items[0].quantity: must be between 1 and 10", refusal(edition, null, "USD", new Item("USER", 0)));
        // no bounds: from 0, unlimited
        assertEquals(1_000_000, terms(edition, null, "USD", new Item("SEAT", 1_000_000)).items().get(0).quantity());
    }

    @Test
    void everyItemMustBeAnOrderablePricedUnitAndEveryBreachIsNamedAtOnce() {
        CatalogApi.Edition edition = edition(plan(1, true, USER, SEAT, CALLS));
        String message = refusal(edition, null, "EUR", new Item("GIGABYTE", 1), new Item("API_CALLS", 5), new Item("SEAT", 1),
                new Item("USER", 12));
        assertEquals("items[0].unit: the plan does not price GIGABYTE; "
                + "items[1].unit: API_CALLS is metered: the vendor reports its usage; "
                + "currency: the plan has no price of SEAT in EUR; "
                + "items[3].quantity: must be between 1 and 10", message);
    }

    @Test
    void theTermsCarryThePlansPricesInTheOrdersCurrency() {
        OrderTerms terms = terms(edition(plan(1, true, USER, SEAT, CALLS)), null, "USD", new Item("USER", 2));
        assertEquals(3, terms.prices().size());
        assertEquals(new OrderTerms.UnitPrice("USER", new BigDecimal("10.00"), false, 1), terms.prices().get(0));
        assertEquals(new OrderTerms.UnitPrice("SEAT", new BigDecimal("2.00"), false, 0), terms.prices().get(1),
                "no minimum is 0");
        assertTrue(terms.prices().get(2).metered());
        assertEquals("https://vendor.example/create?eventUrl={eventUrl}", terms.orderUrlTemplate());
        assertEquals("MONTHLY", terms.pricingDuration());

        OrderTerms inEuros = terms(edition(plan(1, true, USER, SEAT, CALLS)), null, "EUR", new Item("USER", 2));
        assertEquals(List.of(new OrderTerms.UnitPrice("USER", new BigDecimal("9.50"), false, 1)), inEuros.prices(),
                "units without a price in the currency are left out");
    }

    @Test
    void anOrderWithoutItemsNeedsEveryUnitPricedInItsCurrency() {
        assertEquals("currency: the plan has no prices in EUR", refusal(edition(plan(1, true, USER, SEAT)), null, "EUR"));
        // a metered unit without a price in the currency does not matter: it is billed from reported usage
        assertEquals(1, terms(edition(plan(1, true, USER, new Cost("API_CALLS", 0, null, true, Map.of()))), null, "EUR")
                .prices().size());
    }

    @Test
    void anEditionWithoutPlansHasNoPlanAndNoPrices() {
        OrderTerms terms = terms(new CatalogApi.Edition(21, "edition-uuid", "FREE", "Free", null), null, "USD",
                new Item("USER", 3));
        assertNull(terms.paymentPlanId());
        assertTrue(terms.prices().isEmpty(), "nothing to charge");
    }
}
