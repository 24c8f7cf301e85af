package dev.marketplace.notification.vendorevent;

import static dev.marketplace.notification.TestEvents.await;
import static dev.marketplace.notification.TestEvents.publish;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.events.payload.SubscriptionVendorEvent;
import dev.marketplace.common.security.Roles;
import dev.marketplace.notification.CatalogStubResource;
import dev.marketplace.notification.Mailbox;
import dev.marketplace.notification.TestEvents;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * ADDON_ORDER, ADDON_CHANGE and ADDON_CANCEL as billing-service writes them: sent to the product's subscription event URLs
 * and fetched in the shape AppDirect's vendor library 1.42 dispatches to its add-on handlers (type SUBSCRIPTION_ORDER /
 * SUBSCRIPTION_CHANGE / SUBSCRIPTION_CANCEL with {@code payload.account.parentAccountIdentifier}); answered synchronously
 * or later, retried, parked and resolved like every vendor event; listed in the event log under their own kind; and the
 * add-on order's SUBSCRIPTION_ORDER_MODULE email sent in the buyer's language.
 */
@QuarkusTest
class AddonVendorEventsTest extends VendorTestSupport {

    /** billing-service's payload of an add-on event (SubscriptionPayloads.vendorEvent of an add-on subscription). */
    private EventEnvelope addonEvent(String type, Product product, String accountIdentifier, List<NotificationRequest> mails) {
        String subscriptionId = UUID.randomUUID().toString();
        String token = UUID.randomUUID().toString().replace("-", "");
        SubscriptionVendorEvent base = subscriptionPayload(type, product.id(), subscriptionId, token, false);
        SubscriptionVendorEvent payload = new SubscriptionVendorEvent(type, base.subscriptionId(), base.orderId(),
                base.eventToken(), base.eventUrl(), base.returnUrl(), base.marketplace(), base.productId(),
                base.applicationUuid(), base.productName(), base.companyUuid(), false, null, base.creator(), base.company(),
                base.user(), null, new SubscriptionVendorEvent.Account(accountIdentifier,
                        accountIdentifier == null ? "INITIALIZED" : "ACTIVE", "acct-parent"),
                base.order(), null, new LinkedHashMap<>(), mails);
        return new EventEnvelope(UUID.randomUUID(), type, System.currentTimeMillis(), partner, "billing-service",
                new EventEnvelope.Aggregate("SUBSCRIPTION", subscriptionId), Map.of("consumerKey", "test-" + partner),
                TestEvents.MAPPER.valueToTree(payload));
    }

    private static Map<String, Object> moduleParameters(long product) {
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("firstName", "Bea");
        parameters.put("companyName", "Acme <Corp>");
        parameters.put("productName", "Storage " + product);
        parameters.put("editionName", "Premium");
        parameters.put("orderId", 4343L);
        parameters.put("parentProductName", "Task Pro");
        return parameters;
    }

    @Test
    void anAddOnOrderIsFetchedAsTheSdksAddOnSubscriptionOrderAnsweredAtOnceLoggedAsAddOnOrderAndTheBuyerEmailed() {
        Map<String, String> urls = new ConcurrentHashMap<>();
        Product product = product(urls);
        Map<String, JsonNode> fetched = new ConcurrentHashMap<>();
        VendorServer vendor = vendor(product, call -> {
            fetched.put("event", fetchAsVendor(call.eventUrl(), product.id()));
            return VendorServer.Reply.json(200, "{\"success\":true,\"accountIdentifier\":\"addon-acct-1\"}");
        }, product.secret());
        urls.put("SUBSCRIPTION_ORDER", vendor.base() + "/api/v1/integration/processEvent?eventUrl={eventUrl}");
        CatalogStubResource.product(product.id(), partner, product.key(), product.secret(), urls);

        String en = "bea-" + UUID.randomUUID().toString().substring(0, 8) + "@acme.test";
        String fr = "luc-" + UUID.randomUUID().toString().substring(0, 8) + "@acme.test";
        EventEnvelope order = addonEvent("ADDON_ORDER", product, null, List.of(
                NotificationRequest.email("SUBSCRIPTION_ORDER_MODULE", List.of(en), "en_US", moduleParameters(product.id())),
                NotificationRequest.email("SUBSCRIPTION_ORDER_MODULE", List.of(fr), "fr_CA", moduleParameters(product.id()))));
        publish(order);

        JsonPath done = awaitStatus(order, "SUCCEEDED");
        assertEquals("ADDON_ORDER", done.getString("eventType"));
        assertEquals("addon-acct-1", done.getString("result.accountIdentifier"));
        assertEquals(1, vendor.calls().size());
        assertTrue(vendor.calls().get(0).signatureValid());
        assertEquals("/api/v1/integration/processEvent", vendor.calls().get(0).path(), "the product's SUBSCRIPTION_ORDER URL");

        // what the SDK's AddonEventDetector and AddonSubscriptionOrderEventParser read
        JsonNode doc = fetched.get("event");
        assertEquals("SUBSCRIPTION_ORDER", doc.path("type").asText(), "SDK 1.42 answers its own ADDON_ORDER type as unsupported");
        JsonNode account = doc.path("payload").path("account");
        assertEquals("acct-parent", account.path("parentAccountIdentifier").asText());
        assertFalse(account.has("accountIdentifier"), "the add-on has no account yet: " + account);
        assertEquals("INITIALIZED", account.path("status").asText());
        assertEquals("PREMIUM", doc.path("payload").path("order").path("editionCode").asText());
        assertEquals("buyer@acme.test", doc.path("creator").path("email").asText());
        assertEquals("Acme <Corp>", doc.path("payload").path("company").path("name").asText());
        assertEquals(partner, doc.path("marketplace").path("partner").asText());
        assertTrue(doc.path("payload").path("configuration").isObject());
        assertTrue(doc.has("returnUrl"), "an order carries its return URL");

        // billing hears the answer under the add-on's own kind
        JsonPath result = awaitResultEvent(order);
        assertEquals("ADDON_ORDER", result.getString("payload.eventType"));
        assertEquals("addon-acct-1", result.getString("payload.accountIdentifier"));
        assertEquals(true, result.getBoolean("payload.success"));

        // the event log lists it as ADDON_ORDER
        JsonPath logged = loggedEvent(order);
        assertEquals("ADDON_ORDER", logged.getString("type"));
        assertEquals("SUCCEEDED", logged.getString("vendorStatus"));
        assertEquals(1, asPartner().queryParam("type", "ADDON_ORDER").queryParam("searchText", order.aggregate().id())
                .get("/api/channel/v1/events").then().statusCode(200).extract().jsonPath().getList("content").size());
        assertEquals(0, asPartner().queryParam("type", "SUBSCRIPTION_ORDER").queryParam("searchText", order.aggregate().id())
                .get("/api/channel/v1/events").then().statusCode(200).extract().jsonPath().getList("content").size());

        // SUBSCRIPTION_ORDER_MODULE, every parameter filled, in each recipient's language
        await("the add-on order emails", WAIT, () -> Mailbox.of(en).size() == 1 && Mailbox.of(fr).size() == 1);
        Mailbox.Received english = Mailbox.of(en).get(0);
        assertEquals("Your add-on Storage " + product.id() + " for Task Pro", english.subject());
        assertTrue(english.html().contains("Hello Bea,") && english.html().contains("Acme &lt;Corp&gt;")
                && english.html().contains("Premium") && english.html().contains("4343")
                && english.html().contains("Test Market") && !english.html().contains("{"), english.html());
        Mailbox.Received french = Mailbox.of(fr).get(0);
        assertEquals("Votre module Storage " + product.id() + " pour Task Pro", french.subject());
        assertTrue(french.html().contains("Bonjour Bea,") && french.html().contains("4343") && !french.html().contains("{"),
                french.html());
    }

    @Test
    void anAddOnChangeIsSentToTheChangeUrlAndResolvedLaterThroughTheResultEndpoint() {
        Map<String, String> urls = new ConcurrentHashMap<>();
        Product product = product(urls);
        VendorServer vendor = vendor(product, call -> VendorServer.Reply.json(202, "{\"success\":true}"), product.secret());
        urls.put("SUBSCRIPTION_CHANGE", vendor.base() + "/change?eventUrl={eventUrl}");
        CatalogStubResource.product(product.id(), partner, product.key(), product.secret(), urls);

        EventEnvelope change = addonEvent("ADDON_CHANGE", product, "addon-acct-2", List.of());
        publish(change);
        awaitStatus(change, "AWAITING_RESULT");
        assertEquals("/change", vendor.calls().get(0).path());
        String path = "/api/integration/v1/events/" + token(change);
        asVendor(product.id()).accept(ContentType.JSON).get(path).then().statusCode(200)
                .body("type", equalTo("SUBSCRIPTION_CHANGE"))
                .body("payload.account.accountIdentifier", equalTo("addon-acct-2"))
                .body("payload.account.parentAccountIdentifier", equalTo("acct-parent"))
                .body("payload.order.items[0].quantity", equalTo(5));

        asVendor(product.id()).contentType(ContentType.JSON).body("{\"success\":true}").post(path + "/result").then()
                .statusCode(204);
        assertEquals("SUCCEEDED", vendorEvent(change).getString("status"));
        JsonPath result = awaitResultEvent(change);
        assertEquals("ADDON_CHANGE", result.getString("payload.eventType"));
        assertEquals("ADDON_CHANGE", loggedEvent(change).getString("type"));
        assertEquals(true, loggedEvent(change).getBoolean("asynchronous"));
    }

    @Test
    void anAddOnCancelToAVendorThatIsDownIsRetriedParkedAndResolvedByAnOperator() {
        Map<String, String> urls = new ConcurrentHashMap<>();
        Product product = product(urls);
        VendorServer vendor = vendor(product, call -> VendorServer.Reply.json(503, "{\"error\":\"maintenance\"}"), product.secret());
        urls.put("SUBSCRIPTION_CANCEL", vendor.base() + "/cancel?eventUrl={eventUrl}");
        CatalogStubResource.product(product.id(), partner, product.key(), product.secret(), urls);

        EventEnvelope cancel = addonEvent("ADDON_CANCEL", product, "addon-acct-3", List.of());
        publish(cancel);
        JsonPath parked = awaitStatus(cancel, "PARKED");
        assertEquals("ADDON_CANCEL", parked.getString("eventType"));
        assertEquals(3, parked.getInt("attempts"), "retried up to max-attempts (3 in tests)");
        assertTrue(vendor.calls().size() >= 1 && vendor.calls().stream().allMatch(c -> c.path().equals("/cancel")));
        assertEquals("PARKED", loggedEvent(cancel).getString("vendorStatus"));
        asVendor(product.id()).accept(ContentType.JSON).get("/api/integration/v1/events/" + token(cancel)).then()
                .statusCode(200).body("type", equalTo("SUBSCRIPTION_CANCEL"))
                .body("payload.account.accountIdentifier", equalTo("addon-acct-3"))
                .body("payload.account.parentAccountIdentifier", equalTo("acct-parent"));

        String resolve = "/api/notification/v1/vendor-events/" + cancel.id() + "/resolve";
        asPartner(Roles.PARTNER_READ).contentType(ContentType.JSON).body("{\"success\":true}").post(resolve).then().statusCode(403);
        asPartner(Roles.CHANNEL_ADMIN).contentType(ContentType.JSON).body("{\"success\":true}").post(resolve).then()
                .statusCode(200).body("status", equalTo("SUCCEEDED")).body("result.source", equalTo("MANUAL"));
        JsonPath result = awaitResultEvent(cancel);
        assertEquals("ADDON_CANCEL", result.getString("payload.eventType"));
        assertEquals(true, result.getBoolean("payload.success"));
        assertEquals(true, loggedEvent(cancel).getBoolean("manuallyResolved"));
        assertEquals("ADDON_CANCEL", loggedEvent(cancel).getString("type"));
    }
}
