package dev.marketplace.notification.vendorevent;

import static dev.marketplace.notification.TestEvents.publish;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.payload.SubscriptionVendorEvent;
import dev.marketplace.notification.CatalogStubResource;
import dev.marketplace.notification.TestEvents;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * USER_UPDATED, as account-service writes it when an assigned user's name, email or locale changes (one event per
 * subscription the user holds, account-service {@code UserUpdatedEvents.payload}): signed to that product's USER_UPDATED
 * URL and to no other vendor, fetched back with the user as they are now, the company and the vendor's account; listed
 * in the event log under its own type; retried, parked and resolved like every vendor event, with no VENDOR_EVENT_RESULT
 * (billing has nothing to apply).
 */
@QuarkusTest
class UserUpdatedVendorEventTest extends VendorTestSupport {
    private final String userUuid = UUID.randomUUID().toString();

    /** account-service's payload (UserUpdatedEvents.payload): creator and user are the changed user, no order. */
    private EventEnvelope userUpdated(Product product, String accountIdentifier) {
        String subscriptionId = UUID.randomUUID().toString();
        SubscriptionVendorEvent.Person user = new SubscriptionVendorEvent.Person(userUuid, "zoe.new@acme.test", "Zoé",
                "Renamed", "fr", "fr_FR");
        SubscriptionVendorEvent.Company company = new SubscriptionVendorEvent.Company(UUID.randomUUID().toString(), "Acme",
                "it@acme.test", "+1 555 0100", "https://acme.test", "FR", "ext-acme");
        SubscriptionVendorEvent payload = new SubscriptionVendorEvent("USER_UPDATED", subscriptionId, null, null, null, null,
                new SubscriptionVendorEvent.Marketplace(null, partner), product.id(), null, "Product " + product.id(),
                company.uuid(), false, null, user, company, user, userUuid,
                new SubscriptionVendorEvent.Account(accountIdentifier, "ACTIVE"), null, null, Map.of(), List.of());
        return new EventEnvelope(UUID.randomUUID(), "USER_UPDATED", System.currentTimeMillis(), partner, "account-service",
                new EventEnvelope.Aggregate("USER", userUuid), Map.of("consumerKey", "test-" + partner),
                TestEvents.MAPPER.valueToTree(payload));
    }

    @Test
    void eachEventReachesOnlyItsProductsVendorSignedWithTheUserAsTheyAreNow() {
        Map<String, String> urlsA = new ConcurrentHashMap<>();
        Product a = product(urlsA);
        Map<String, JsonNode> fetched = new ConcurrentHashMap<>();
        VendorServer vendorA = vendor(a, call -> {
            fetched.put("event", fetchAsVendor(call.eventUrl(), a.id()));
            return VendorServer.Reply.json(200, "{\"success\":true,\"message\":\"user updated\"}");
        }, a.secret());
        urlsA.put("USER_UPDATED", vendorA.base() + "/api/v1/integration/userUpdated?eventUrl={eventUrl}");
        CatalogStubResource.product(a.id(), partner, a.key(), a.secret(), urlsA);

        Map<String, String> urlsB = new ConcurrentHashMap<>();
        Product b = product(urlsB);
        VendorServer vendorB = vendor(b, call -> VendorServer.Reply.json(200, "{\"success\":true}"), b.secret());
        urlsB.put("USER_UPDATED", vendorB.base() + "/user-updated?eventUrl={eventUrl}");
        CatalogStubResource.product(b.id(), partner, b.key(), b.secret(), urlsB);

        // a product whose vendor asked for orders only: told nothing, recorded as not sent
        Map<String, String> urlsC = new ConcurrentHashMap<>();
        Product c = product(urlsC);
        VendorServer vendorC = vendor(c, call -> VendorServer.Reply.json(200, "{\"success\":true}"), c.secret());
        urlsC.put("SUBSCRIPTION_ORDER", vendorC.base() + "/order?eventUrl={eventUrl}");
        CatalogStubResource.product(c.id(), partner, c.key(), c.secret(), urlsC);

        EventEnvelope forA = userUpdated(a, "acct-a");
        EventEnvelope forC = userUpdated(c, "acct-c");
        publish(forA);
        publish(forC);

        JsonPath done = awaitStatus(forA, "SUCCEEDED");
        assertEquals("USER_UPDATED", done.getString("eventType"));
        assertEquals(1, vendorA.calls().size());
        VendorServer.Call call = vendorA.calls().get(0);
        assertTrue(call.signatureValid(), "signpost verifies our signature: " + call.authorization());
        assertEquals(a.key(), call.consumerKey());
        assertEquals("/api/v1/integration/userUpdated", call.path(), "the product's USER_UPDATED URL");
        assertEquals(0, vendorB.calls().size(), "B's vendor holds no subscription named by these events");

        JsonNode doc = fetched.get("event");
        assertEquals("USER_UPDATED", doc.path("type").asText());
        assertEquals(partner, doc.path("marketplace").path("partner").asText());
        assertFalse(doc.path("marketplace").path("baseUrl").asText().isBlank(), "the SDK posts results to it: " + doc);
        JsonNode user = doc.path("payload").path("user");
        assertEquals(userUuid, user.path("uuid").asText());
        assertEquals("zoe.new@acme.test", user.path("email").asText());
        assertEquals("Zoé", user.path("firstName").asText());
        assertEquals("Renamed", user.path("lastName").asText());
        assertEquals("fr_FR", user.path("locale").asText());
        assertEquals("fr", user.path("language").asText());
        assertEquals(userUuid, doc.path("creator").path("uuid").asText());
        assertEquals("acct-a", doc.path("payload").path("account").path("accountIdentifier").asText());
        assertEquals("Acme", doc.path("payload").path("company").path("name").asText());
        assertTrue(doc.path("payload").path("configuration").isObject());
        assertFalse(doc.path("payload").has("order"), "a user event carries no order: " + doc);
        assertFalse(doc.has("returnUrl"));

        JsonPath logged = loggedEvent(forA);
        assertEquals("USER_UPDATED", logged.getString("type"));
        assertEquals("SUCCEEDED", logged.getString("vendorStatus"));
        assertEquals(true, logged.getBoolean("successful"));

        JsonPath notSent = awaitStatus(forC, "SUCCEEDED");
        assertTrue(notSent.getString("result.message").contains("no USER_UPDATED event URL configured"), notSent.prettify());
        assertEquals(0, vendorC.calls().size());
        assertEquals("USER_UPDATED", loggedEvent(forC).getString("type"));
    }

    @Test
    void aFailingVendorIsRetriedThenParkedAndAnOperatorResolvesItWithoutAResultForBilling() {
        Map<String, String> urls = new ConcurrentHashMap<>();
        Product product = product(urls);
        VendorServer down = vendor(product, call -> VendorServer.Reply.json(503, "{}"), product.secret());
        urls.put("USER_UPDATED", down.base() + "/user-updated?eventUrl={eventUrl}");
        CatalogStubResource.product(product.id(), partner, product.key(), product.secret(), urls);

        EventEnvelope event = userUpdated(product, "acct-down");
        publish(event);
        JsonPath parked = awaitStatus(event, "PARKED");
        assertEquals(3, parked.getInt("attempts"), "the test profile's VENDOR_MAX_ATTEMPTS");
        // the vendor's breaker opens after the test profile's two failed calls: the third attempt makes no call
        assertEquals(2, down.calls().size());
        assertEquals("PARKED", loggedEvent(event).getString("vendorStatus"));

        asPartner().contentType(ContentType.JSON).body(Map.of("success", true, "message", "updated by hand"))
                .post("/api/notification/v1/vendor-events/" + event.id() + "/resolve").then().statusCode(200)
                .body("status", org.hamcrest.Matchers.equalTo("SUCCEEDED"));
        JsonPath resolved = loggedEvent(event);
        assertEquals(true, resolved.getBoolean("manuallyResolved"));
        assertEquals("USER_UPDATED", resolved.getString("type"));
        // billing applies vendor results to subscriptions; a user update has none to apply: the resolution's
        // transaction (committed before the 200) wrote no VENDOR_EVENT_RESULT
        assertEquals(0, outboxRows("VENDOR_EVENT_RESULT", event.id().toString()));
        assertEquals(1, outboxRows("VENDOR_EVENT_PARKED", event.id().toString()));
    }

    /** Rows of this service's outbox of {@code type} whose envelope names {@code text}. */
    private static long outboxRows(String type, String text) {
        Config config = ConfigProvider.getConfig();
        try (Connection c = DriverManager.getConnection(config.getValue("quarkus.datasource.jdbc.url", String.class),
                config.getValue("quarkus.datasource.username", String.class),
                config.getValue("quarkus.datasource.password", String.class));
                PreparedStatement ps = c.prepareStatement("select count(*) from outbox_event where type = ? and envelope like ?")) {
            ps.setString(1, type);
            ps.setString(2, "%" + text + "%");
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
