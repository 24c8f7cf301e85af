package dev.marketplace.catalog.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.marketplace.catalog.StandIns;
import dev.marketplace.catalog.client.BillingClient.Discount;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The storefront considers every discount of its marketplace, not billing's first page: the client reads billing's
 * list page after page (1,000 each) until a page is short.
 */
@QuarkusTest
class DiscountPagesTest {
    @Inject
    BillingClient billing;

    @Test
    void everyPageOfBillingsDiscountsIsRead() {
        String partner = "P" + UUID.randomUUID().toString().substring(0, 8);
        StringBuilder all = new StringBuilder("[");
        for (int i = 1; i <= 2_345; i++) {
            all.append(i == 1 ? "" : ",").append("{\"id\":").append(i)
                    .append(",\"type\":\"PERCENTAGE\",\"percentage\":5,\"description\":\"D").append(i).append("\"}");
        }
        StandIns.discounts(partner, all.append(']').toString());
        int asked = StandIns.requests("discounts");

        List<Discount> discounts = billing.discounts(partner).await().atMost(Duration.ofSeconds(10));

        assertEquals(2_345, discounts.size());
        assertEquals(2_345L, discounts.get(2_344).id(), "the last page's last discount");
        assertEquals(asked + 3, StandIns.requests("discounts"), "three pages of at most 1,000");
    }
}
