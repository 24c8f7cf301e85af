package dev.marketplace.billing.discount;

import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.buyer;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.order;
import static dev.marketplace.billing.BillingFixtures.sql;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.billing.FakeCatalog;
import dev.marketplace.testkit.DomainEvents;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Issue 45: the order that takes a discount's last redemption writes DISCOUNT_DEACTIVATED with the message to the
 * channel administrators (%test DISCOUNT_NOTICE_EMAILS: discounts@test.example); earlier orders and refused ones do not.
 */
@QuarkusTest
class DiscountDeactivatedTest {
    private static final String DISCOUNTS = "/api/channel/v1/discounts";
    private final String partner = newPartner();

    private Map<String, Object> withCode(FakeCatalog.Product product, String code) {
        Map<String, Object> body = new HashMap<>(order(product, 2));
        body.put("discountCode", code);
        return body;
    }

    @Test
    void theOrderTakingTheLastRedemptionTellsTheChannelOnce() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        String code = "LAST" + UUID.randomUUID().toString().substring(0, 6).toUpperCase();
        Map<String, Object> discount = new HashMap<>();
        discount.put("code", code);
        discount.put("description", "Two lucky buyers");
        discount.put("type", "PERCENTAGE");
        discount.put("percentage", 10);
        discount.put("applicationId", product.id());
        discount.put("maxRedemptions", 2);
        String uuid = asPartner(partner).body(discount).post(DISCOUNTS).then().statusCode(201).extract().path("uuid");

        asPartner(partner).body(withCode(product, code)).post(buyer(partner, UUID.randomUUID(), UUID.randomUUID())).then()
                .statusCode(201);
        assertEquals(0, sql("select count(*) from outbox_event where type = 'DISCOUNT_DEACTIVATED' and aggregate_id = ?", uuid),
                "one redemption is still left");

        asPartner(partner).body(withCode(product, code)).post(buyer(partner, UUID.randomUUID(), UUID.randomUUID())).then()
                .statusCode(201);
        JsonNode deactivated = DomainEvents.await(e -> "DISCOUNT_DEACTIVATED".equals(e.path("type").asText())
                && uuid.equals(e.path("aggregate").path("id").asText()), Duration.ofSeconds(30));
        assertEquals(partner, deactivated.path("partner").asText());
        assertEquals("USED_UP", deactivated.path("payload").path("reason").asText());
        JsonNode note = deactivated.path("payload").path("notifications").path(0);
        assertEquals("DISCOUNT_DEACTIVATED", note.path("type").asText());
        assertEquals("discounts@test.example", note.path("recipients").path(0).asText());
        assertEquals(code, note.path("parameters").path("discountCode").asText());
        assertEquals("Two lucky buyers", note.path("parameters").path("description").asText());
        assertEquals("all its redemptions are used", note.path("parameters").path("reason").asText());

        // the next buyer is refused and nobody is told again
        asPartner(partner).body(withCode(product, code)).post(buyer(partner, UUID.randomUUID(), UUID.randomUUID())).then()
                .statusCode(409).body("code", equalTo("DISCOUNT_EXHAUSTED"));
        assertEquals(1, sql("select count(*) from outbox_event where type = 'DISCOUNT_DEACTIVATED' and aggregate_id = ?", uuid));
    }
}
