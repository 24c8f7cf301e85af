package dev.marketplace.notification.vendorevent;

import static dev.marketplace.notification.TestEvents.await;
import static dev.marketplace.notification.TestEvents.json;
import static dev.marketplace.notification.TestEvents.publish;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.notification.CatalogStubResource;
import dev.marketplace.notification.Mailbox;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * Every vendor event reaches a final state in bounded time (result deadline 3 s and one re-notification in this
 * profile): a result that never arrives is re-notified with the same token, then parked, visibly; a re-notification
 * after a lost result completes the order.
 */
@QuarkusTest
@TestProfile(VendorResultDeadlineTest.ShortDeadline.class)
class VendorResultDeadlineTest extends VendorTestSupport {

    public static class ShortDeadline implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("marketplace.notification.vendor.result-deadline", "3s",
                    "marketplace.notification.vendor.max-renotifications", "1");
        }
    }

    @Test
    void aResultThatNeverArrivesIsReNotifiedWithTheSameTokenThenParkedAndStillAcceptsALateResult() {
        Map<String, String> urls = new ConcurrentHashMap<>();
        Product product = product(urls);
        List<JsonNode> fetched = new java.util.concurrent.CopyOnWriteArrayList<>();
        VendorServer vendor = vendor(product, call -> {
            fetched.add(fetchAsVendor(call.eventUrl(), product.id()));
            return VendorServer.Reply.json(202, "{\"success\":true,\"message\":\"accepted\"}");
        }, product.secret());
        urls.put("SUBSCRIPTION_ORDER", vendor.base() + "/create?eventUrl={eventUrl}");
        CatalogStubResource.product(product.id(), partner, product.key(), product.secret(), urls);

        EventEnvelope order = subscriptionEvent("SUBSCRIPTION_ORDER", product, false);
        publish(order);
        JsonPath waiting = awaitStatus(order, "AWAITING_RESULT");
        assertEquals(0, waiting.getInt("renotifications"));
        assertNotNull(waiting.get("resultDueAt"));
        // the result is lost: after the deadline (3 s in this profile) the vendor is notified again, same token and event id
        await("the re-notification", WAIT, () -> vendor.calls().size() == 2);
        assertEquals(vendor.calls().get(0).eventUrl(), vendor.calls().get(1).eventUrl(), "same token");
        assertEquals("1", vendor.calls().get(0).delivery());
        assertEquals("2", vendor.calls().get(1).delivery());
        assertTrue(vendor.calls().get(1).signatureValid());
        await("the second fetch", WAIT, () -> fetched.size() == 2);
        assertEquals(false, fetched.get(0).path("delivery").path("redelivered").asBoolean());
        assertEquals(true, fetched.get(1).path("delivery").path("redelivered").asBoolean());
        assertEquals(order.id().toString(), fetched.get(1).path("delivery").path("eventId").asText());
        assertEquals(2, fetched.get(1).path("delivery").path("attempt").asInt());

        // max-renotifications is 1 in tests: the next deadline parks it, visibly
        JsonPath parked = awaitStatus(order, "PARKED");
        assertEquals(1, parked.getInt("renotifications"));
        assertTrue(parked.getString("lastError").contains("no result within"), parked.getString("lastError"));
        JsonPath logged = loggedEvent(order);
        assertEquals("PARKED", logged.getString("vendorStatus"));
        assertEquals("RESULT_OVERDUE", logged.getString("error.code"));
        JsonPath parkedEvent = awaitLogged("VENDOR_EVENT_PARKED", order.aggregate().id());
        assertEquals("RESULT_OVERDUE", parkedEvent.getString("payload.reason"));
        assertEquals(order.aggregate().id(), parkedEvent.getString("payload.subscriptionId"));
        assertEquals("SUBSCRIPTION", parkedEvent.getString("aggregate.type"));
        await("the MANUAL_EVENT_RESOLUTION email", WAIT, () -> Mailbox.of("ops@market.test").stream()
                .anyMatch(m -> m.html().contains(order.id().toString())));
        assertEquals(2, vendor.calls().size(), "a parked event is not sent again by itself");

        // the vendor's late result still settles it; a second one is a conflict that changes nothing
        String result = "/api/integration/v1/events/" + token(order) + "/result";
        asVendor(product.id()).contentType(ContentType.JSON).body("{\"success\":true,\"accountIdentifier\":\"acct-late\"}")
                .post(result).then().statusCode(204);
        asVendor(product.id()).contentType(ContentType.JSON).body("{\"success\":false,\"errorCode\":\"UNKNOWN_ERROR\"}")
                .post(result).then().statusCode(409).body("code", equalTo("RESULT_ALREADY_RECORDED"));
        JsonPath done = vendorEvent(order);
        assertEquals("SUCCEEDED", done.getString("status"));
        assertEquals("acct-late", done.getString("result.accountIdentifier"));
        assertEquals(true, awaitResultEvent(order).getBoolean("payload.success"));
    }

    @Test
    void reNotificationAfterALostResultCompletesTheOrder() {
        Map<String, String> urls = new ConcurrentHashMap<>();
        Product product = product(urls);
        VendorServer vendor = vendor(product, call -> {
            if ("1".equals(call.delivery())) {
                return VendorServer.Reply.json(202, "{\"success\":true}"); // and its result never reaches us
            }
            // the re-delivered event: the vendor (de-duplicating on the token) answers with the account it created
            return VendorServer.Reply.json(200, "{\"success\":true,\"accountIdentifier\":\"acct-once\"}");
        }, product.secret());
        urls.put("SUBSCRIPTION_ORDER", vendor.base() + "/create?eventUrl={eventUrl}");
        CatalogStubResource.product(product.id(), partner, product.key(), product.secret(), urls);

        EventEnvelope order = subscriptionEvent("SUBSCRIPTION_ORDER", product, false);
        publish(order);
        JsonPath done = awaitStatus(order, "SUCCEEDED");
        assertEquals("acct-once", done.getString("result.accountIdentifier"));
        assertEquals(1, done.getInt("renotifications"));
        assertEquals(2, vendor.calls().size());
        assertEquals(vendor.calls().get(0).eventUrl(), vendor.calls().get(1).eventUrl());
        assertEquals("acct-once", awaitResultEvent(order).getString("payload.accountIdentifier"));
        asVendor(product.id()).contentType(ContentType.JSON).body("{\"success\":false,\"errorCode\":\"UNKNOWN_ERROR\"}")
                .post("/api/integration/v1/events/" + token(order) + "/result").then().statusCode(409);
        assertEquals("SUCCEEDED", vendorEvent(order).getString("status"), "the second result changed nothing");
    }
}
