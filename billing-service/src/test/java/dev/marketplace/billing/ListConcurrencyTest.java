package dev.marketplace.billing;

import static dev.marketplace.billing.BillingFixtures.newPartner;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import dev.marketplace.testkit.SimultaneousRequests;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Four times the pool's size of list requests at once, each answered 200 within 2 s: before, a list held its session's
 * connection while it waited for another for its count, and 40 simultaneous invoice lists answered 500 after 30 s.
 */
@QuarkusTest
class ListConcurrencyTest {
    @Test
    void everyListAnswersABurstOfFourTimesThePoolSize() {
        String partner = newPartner();
        UUID company = UUID.randomUUID();
        UUID user = UUID.randomUUID();
        ListRows.orders(partner, company, user, 3, "ACTIVE", 7_000_000_000L + (long) (Math.random() * 1_000_000_000L));
        ListRows.invoices(partner, company, user, 3, "UNPAID", 10, 1);
        ListRows.discounts(partner, "BURST", 3);
        ListRows.rates(partner, "EUR", "USD", 3);
        List<String> lists = List.of("/api/billing/v1/invoices?count=1", "/api/billing/v1/invoices?count=1&status=UNPAID",
                "/api/billing/v1/orders?count=1", "/api/channel/v1/discounts?count=1", "/api/channel/v1/exchangeRates?size=1");
        SimultaneousRequests.assertAllAnswered(lists, InternalTokens.bearer(partner, Roles.PARTNER), Duration.ofSeconds(2));
    }
}
