package dev.marketplace.billing.subscription;

import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.awaitStatus;
import static dev.marketplace.billing.BillingFixtures.buyer;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.order;
import static dev.marketplace.billing.BillingFixtures.publishResult;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.billing.BillingFixtures;
import dev.marketplace.billing.FakeCatalog;
import dev.marketplace.common.events.EventCreator;
import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.VendorEventParked;
import dev.marketplace.common.events.payload.VendorResult;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

/**
 * VENDOR_EVENT_PARKED as notification-service's {@code VendorOutcomeEvents.parked} writes it (the shared
 * {@link VendorEventParked} record, envelope of source notification-service keyed and aggregated by the subscription,
 * created by the system) published on the real topic; what it does is read back through the subscription API. Events
 * on one key are consumed in order, so a visible effect of a later event proves the earlier ones were consumed.
 */
@QuarkusTest
class VendorEventParkedHandlerTest {
    /** What a vendor event's token looks like: it must never reach the API. */
    private static final String TOKEN = "f00dfeedf00dfeedf00dfeedf00dfeed";
    private static final String OVERDUE_ERROR = "no result within PT24H of the vendor accepting the event";

    @Inject
    ObjectMapper mapper;

    private final String partner = newPartner();

    private EventEnvelope parked(String marketplace, String subscriptionId, String eventType, String eventId, String reason,
            String lastError, long productId) {
        VendorEventParked payload = new VendorEventParked(eventId, eventType, TOKEN, productId, "Product " + productId,
                subscriptionId, 6, lastError, reason, VendorEventParked.RESULT_OVERDUE.equals(reason) ? 2 : 0);
        return EventEnvelope.of(EventTypes.VENDOR_EVENT_PARKED, marketplace, "notification-service", "SUBSCRIPTION",
                subscriptionId, EventCreator.system("notification-service"), mapper.valueToTree(payload));
    }

    private static EventEnvelope publish(EventEnvelope envelope) {
        BillingFixtures.publish(envelope.aggregate().id(), envelope);
        return envelope;
    }

    private JsonPath awaitView(String id, Predicate<JsonPath> until) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        JsonPath view;
        do {
            view = asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().statusCode(200).extract().jsonPath();
        } while (!until.test(view) && System.nanoTime() < deadline);
        return view;
    }

    private String awaitAssigned(String id) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        String status;
        do {
            status = asPartner(partner).get("/api/billing/v1/subscriptions/" + id + "/assignments").then().statusCode(200)
                    .extract().path("[0].status");
        } while (!"ASSIGNED".equals(status) && System.nanoTime() < deadline);
        return status;
    }

    @Test
    void aParkedOrderWaitsOnAnOperatorUntilItsResolutionArrives() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        UUID company = UUID.randomUUID();
        UUID user = UUID.randomUUID();
        String list = buyer(partner, company, user);
        String id = asPartner(partner).body(order(product, 2)).post(list).then().statusCode(201)
                .body("waitingOnOperator", nullValue()).extract().path("id");
        String eventId = UUID.randomUUID().toString();

        EventEnvelope parked = publish(parked(partner, id, EventTypes.SUBSCRIPTION_ORDER, eventId,
                VendorEventParked.RESULT_OVERDUE, OVERDUE_ERROR, product.id()));
        JsonPath view = awaitView(id, v -> v.get("waitingOnOperator") != null);
        assertEquals("PENDING_REMOTE_CREATION", view.getString("status"));
        assertEquals(Map.of("reason", "RESULT_OVERDUE", "eventId", eventId, "eventType", "SUBSCRIPTION_ORDER",
                "lastError", OVERDUE_ERROR, "since", parked.occurredOn()), view.getMap("waitingOnOperator"));
        // the company's list shows it too, and no body carries the vendor event's token
        asPartner(partner).get(list).then().statusCode(200).body("find { it.id == '" + id + "' }.waitingOnOperator.eventId",
                equalTo(eventId)).body(not(containsString(TOKEN)));
        asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().body(not(containsString(TOKEN)));

        // an operator's resolution arrives as the result: ACTIVE, and no longer waiting on anybody
        BillingFixtures.publish(id, EventEnvelope.of(EventTypes.VENDOR_EVENT_RESULT, partner, "notification-service",
                "SUBSCRIPTION", id, EventCreator.vendor(product.id()), mapper.valueToTree(new VendorResult(
                        EventTypes.SUBSCRIPTION_ORDER, id, eventId, TOKEN, product.id(), true, "acct-resolved", null, null,
                        null, "MANUAL"))));
        awaitStatus(partner, id, "ACTIVE");
        asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().body("accountIdentifier", equalTo("acct-resolved"))
                .body("waitingOnOperator", nullValue());

        // the same parking arriving after the result changes nothing; an assignment's result on the same key proves
        // it was consumed first
        publish(parked(partner, id, EventTypes.SUBSCRIPTION_ORDER, eventId, VendorEventParked.RESULT_OVERDUE, OVERDUE_ERROR,
                product.id()));
        UUID bo = UUID.randomUUID();
        asPartner(partner).body(Map.of("uuid", bo.toString(), "email", "bo@acme.example"))
                .post("/api/billing/v1/subscriptions/" + id + "/assignments").then().statusCode(202);
        publishResult(partner, id, EventTypes.USER_ASSIGNMENT, true, null, null, null, bo.toString());
        assertEquals("ASSIGNED", awaitAssigned(id));
        asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().body("status", equalTo("ACTIVE"))
                .body("waitingOnOperator", nullValue());
    }

    @Test
    void aParkedChangeIsMarkedOnceAndNotByAnotherMarketplaceUntilItsResult() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        String id = asPartner(partner).body(order(product, 2)).post(buyer(partner, UUID.randomUUID(), UUID.randomUUID()))
                .then().statusCode(201).extract().path("id");
        publishResult(partner, id, EventTypes.SUBSCRIPTION_ORDER, true, "acct-change", null, null, null);
        awaitStatus(partner, id, "ACTIVE");
        String one = "/api/billing/v1/subscriptions/" + id;
        asPartner(partner).body(Map.of("editionId", product.otherEditionId())).put(one).then().statusCode(202);
        UUID bo = UUID.randomUUID();
        asPartner(partner).body(Map.of("uuid", bo.toString(), "email", "bo@acme.example")).post(one + "/assignments").then()
                .statusCode(202);

        String eventId = UUID.randomUUID().toString();
        EventEnvelope first = publish(parked(partner, id, EventTypes.SUBSCRIPTION_CHANGE, eventId,
                VendorEventParked.RESULT_OVERDUE, OVERDUE_ERROR, product.id()));
        awaitView(id, v -> v.get("waitingOnOperator") != null);
        // an operator's retry failed: the same vendor event parked again, waiting on an operator since the first time
        publish(parked(partner, id, EventTypes.SUBSCRIPTION_CHANGE, eventId, VendorEventParked.VENDOR_UNREACHABLE,
                "vendor unreachable: the connection failed", product.id()));
        awaitView(id, v -> "VENDOR_UNREACHABLE".equals(v.getString("waitingOnOperator.reason")));
        // the first parking delivered again, another marketplace's parking of this id, then an assignment's result
        publish(first);
        publish(parked(newPartner(), id, EventTypes.SUBSCRIPTION_CHANGE, UUID.randomUUID().toString(),
                VendorEventParked.RESULT_OVERDUE, "foreign", product.id()));
        publishResult(partner, id, EventTypes.USER_ASSIGNMENT, true, null, null, null, bo.toString());
        assertEquals("ASSIGNED", awaitAssigned(id));
        asPartner(partner).get(one).then().statusCode(200).body("pendingChange.editionCode", equalTo("PREMIUM"))
                .body("waitingOnOperator.eventId", equalTo(eventId))
                .body("waitingOnOperator.eventType", equalTo("SUBSCRIPTION_CHANGE"))
                .body("waitingOnOperator.reason", equalTo("VENDOR_UNREACHABLE"))
                .body("waitingOnOperator.lastError", equalTo("vendor unreachable: the connection failed"))
                .body("waitingOnOperator.since", equalTo(first.occurredOn()));

        publishResult(partner, id, EventTypes.SUBSCRIPTION_CHANGE, true, null, null, null, null);
        JsonPath changed = awaitView(id, v -> v.get("pendingChange") == null);
        assertEquals("PREMIUM", changed.getString("editionCode"));
        assertNull(changed.get("waitingOnOperator"), "no longer waiting on an operator");
        // the mark went with the result: the next change waits on its vendor, not on the operator of the last one
        asPartner(partner).body(Map.of("editionId", product.editionId())).put(one).then().statusCode(202)
                .body("pendingChange.editionCode", equalTo("BASIC")).body("waitingOnOperator", nullValue());
    }
}
