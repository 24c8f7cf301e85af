package dev.marketplace.billing.subscription;

import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.buyer;
import static dev.marketplace.billing.BillingFixtures.awaitStatus;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.order;
import static dev.marketplace.billing.BillingFixtures.path;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.billing.BillingFixtures;
import dev.marketplace.billing.FakeCatalog;
import dev.marketplace.common.events.EventCreator;
import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.VendorResult;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The consumer is fed exactly what notification-service's producer writes: the shared {@link VendorResult} record
 * (every field it sets, userUuid only for USER_* events) in an envelope of source notification-service whose creator is
 * the vendor, serialised by an ObjectMapper and published on the real topic.
 */
@QuarkusTest
class VendorResultHandlerTest {
    @Inject
    ObjectMapper mapper;

    private final String partner = newPartner();

    private void publish(VendorResult result, long productId) {
        EventEnvelope envelope = EventEnvelope.of(EventTypes.VENDOR_EVENT_RESULT, partner, "notification-service", "SUBSCRIPTION",
                result.subscriptionId(), EventCreator.vendor(productId), mapper.valueToTree(result));
        BillingFixtures.publish(result.subscriptionId(), envelope);
    }

    @Test
    void theProducersRecordDrivesOrderAndAssignment() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        UUID company = UUID.randomUUID();
        UUID user = UUID.randomUUID();
        String id = asPartner(partner).body(order(product, 2)).post(buyer(partner, company, user)).then().statusCode(201)
                .extract().path("id");

        publish(new VendorResult("SUBSCRIPTION_ORDER", id, UUID.randomUUID().toString(), "a".repeat(32), product.id(), true,
                "acct-rec-1", null, null, null, "ASYNCHRONOUS"), product.id());
        awaitStatus(partner, id, "ACTIVE");
        asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().body("accountIdentifier", equalTo("acct-rec-1"));

        UUID bo = UUID.randomUUID();
        String assignments = "/api/billing/v1/subscriptions/" + id + "/assignments";
        asPartner(partner).body(Map.of("uuid", bo.toString(), "email", "bo@acme.example")).post(assignments).then()
                .statusCode(202);
        publish(new VendorResult("USER_ASSIGNMENT", id, UUID.randomUUID().toString(), "b".repeat(32), product.id(), true, null,
                null, null, bo.toString(), "SYNCHRONOUS"), product.id());
        long deadline = System.currentTimeMillis() + 30_000;
        String status = null;
        while (System.currentTimeMillis() < deadline && !"ASSIGNED".equals(status)) {
            status = asPartner(partner).get(assignments).then().extract().path("[0].status");
        }
        assertTrue("ASSIGNED".equals(status), "assignment applied from the producer's record: " + status);
    }

    @Test
    void aResultOfAnotherMarketplaceOrMalformedIsSkipped() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        String id = asPartner(partner).body(order(product, 1)).post(buyer(partner, UUID.randomUUID(), UUID.randomUUID())).then()
                .statusCode(201).extract().path("id");
        // another marketplace's envelope, and a USER_ASSIGNMENT without its user: both skipped
        EventEnvelope foreign = EventEnvelope.of(EventTypes.VENDOR_EVENT_RESULT, newPartner(), "notification-service",
                "SUBSCRIPTION", id, EventCreator.vendor(product.id()), mapper.valueToTree(new VendorResult("SUBSCRIPTION_ORDER",
                        id, null, null, product.id(), true, "acct-foreign", null, null, null, "SYNCHRONOUS")));
        BillingFixtures.publish(id, foreign);
        publish(new VendorResult("USER_ASSIGNMENT", id, null, null, product.id(), true, null, null, null, null, "SYNCHRONOUS"),
                product.id());
        // the next, valid one on the same key proves the two before were consumed and skipped
        publish(new VendorResult("SUBSCRIPTION_ORDER", id, null, null, product.id(), false, null, "CONFIGURATION_ERROR", "no",
                null, "SYNCHRONOUS"), product.id());
        awaitStatus(partner, id, "FAILED");
        asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().body("error.code", equalTo("CONFIGURATION_ERROR"))
                .body("accountIdentifier", org.hamcrest.Matchers.nullValue());
    }
}
