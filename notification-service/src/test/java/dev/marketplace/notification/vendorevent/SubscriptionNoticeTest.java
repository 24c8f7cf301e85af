package dev.marketplace.notification.vendorevent;

import static dev.marketplace.notification.TestEvents.await;
import static dev.marketplace.notification.TestEvents.publish;
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
import dev.marketplace.notification.CatalogStubResource;
import dev.marketplace.notification.Mailbox;
import dev.marketplace.notification.TestEvents;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

/**
 * SUBSCRIPTION_NOTICE, as billing-service writes it when it suspends (notice DEACTIVATED) or reactivates (REACTIVATED)
 * a subscription: signed to the product's SUBSCRIPTION_NOTICE URL, fetched back in the shape AppDirect's vendor library
 * (service-integration-sdk 1.42) parses — {@code payload.account.accountIdentifier}, {@code payload.notice.type},
 * {@code marketplace.baseUrl}, {@code payload.configuration} — its synchronous answer recorded, the buyer's email sent,
 * and the event listed in the event log under its own type.
 */
@QuarkusTest
class SubscriptionNoticeTest extends VendorTestSupport {

    /** billing-service's payload (SubscriptionPayloads.vendorEvent with a notice) for an account it suspended. */
    private EventEnvelope notice(Product product, String noticeType, String accountStatus, List<NotificationRequest> mails) {
        String subscriptionId = UUID.randomUUID().toString();
        String token = UUID.randomUUID().toString().replace("-", "");
        SubscriptionVendorEvent base = subscriptionPayload("SUBSCRIPTION_NOTICE", product.id(), subscriptionId, token, false);
        SubscriptionVendorEvent payload = new SubscriptionVendorEvent(base.eventType(), base.subscriptionId(), base.orderId(),
                base.eventToken(), base.eventUrl(), base.returnUrl(), base.marketplace(), base.productId(),
                base.applicationUuid(), base.productName(), base.companyUuid(), false, null, base.creator(), base.company(),
                base.user(), null, new SubscriptionVendorEvent.Account("acct-existing", accountStatus), base.order(),
                new SubscriptionVendorEvent.Notice(noticeType, "Suspended by the marketplace"), new LinkedHashMap<>(), mails);
        return new EventEnvelope(UUID.randomUUID(), "SUBSCRIPTION_NOTICE", System.currentTimeMillis(), partner,
                "billing-service", new EventEnvelope.Aggregate("SUBSCRIPTION", subscriptionId),
                Map.of("consumerKey", "test-" + partner), TestEvents.MAPPER.valueToTree(payload));
    }

    @Test
    void aDeactivationIsSignedFetchedInTheSdksShapeAnsweredAtOnceAndTheBuyerIsEmailed() {
        Map<String, String> urls = new ConcurrentHashMap<>();
        Product product = product(urls);
        Map<String, JsonNode> fetched = new ConcurrentHashMap<>();
        // AppDirect's library fetches a notice inside the call and answers it synchronously (200, never a later POST)
        VendorServer vendor = vendor(product, call -> {
            fetched.put("event", fetchAsVendor(call.eventUrl(), product.id()));
            return VendorServer.Reply.json(200, "{\"success\":true,\"message\":\"Notice DEACTIVATED acknowledged\"}");
        }, product.secret());
        urls.put("SUBSCRIPTION_ORDER", vendor.base() + "/order?eventUrl={eventUrl}");
        urls.put("SUBSCRIPTION_NOTICE", vendor.base() + "/api/v1/integration/processEvent?eventUrl={eventUrl}");
        CatalogStubResource.product(product.id(), partner, product.key(), product.secret(), urls);

        String to = "bea-" + UUID.randomUUID().toString().substring(0, 8) + "@acme.test";
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("firstName", "Bea");
        parameters.put("companyName", "Acme <Corp>");
        parameters.put("productName", "Product " + product.id());
        parameters.put("editionName", "Premium");
        parameters.put("orderId", 4242L);
        EventEnvelope event = notice(product, "DEACTIVATED", "SUSPENDED",
                List.of(NotificationRequest.email("SUBSCRIPTION_SUSPENDED", List.of(to), "en_US", parameters)));
        publish(event);

        JsonPath done = awaitStatus(event, "SUCCEEDED");
        assertEquals("SUBSCRIPTION_NOTICE", done.getString("eventType"));
        assertEquals(event.aggregate().id(), done.getString("subscriptionId"));
        assertEquals(1, done.getInt("attempts"));
        assertEquals(200, done.getInt("lastHttpStatus"));
        assertEquals("Notice DEACTIVATED acknowledged", done.getString("result.message"), "the vendor's answer is kept");

        assertEquals(1, vendor.calls().size());
        VendorServer.Call call = vendor.calls().get(0);
        assertTrue(call.signatureValid(), "signpost verifies our signature: " + call.authorization());
        assertEquals(product.key(), call.consumerKey());
        assertEquals("/api/v1/integration/processEvent", call.path(), "the product's SUBSCRIPTION_NOTICE URL");
        assertEquals("https://market.test/api/integration/v1/events/" + token(event), call.eventUrl());

        JsonNode doc = fetched.get("event");
        assertEquals("SUBSCRIPTION_NOTICE", doc.path("type").asText());
        assertEquals("https://market.test", doc.path("marketplace").path("baseUrl").asText());
        assertEquals(partner, doc.path("marketplace").path("partner").asText());
        assertTrue(doc.path("flag").isNull());
        JsonNode payload = doc.path("payload");
        assertEquals("DEACTIVATED", payload.path("notice").path("type").asText());
        assertEquals("Suspended by the marketplace", payload.path("notice").path("message").asText());
        assertEquals("acct-existing", payload.path("account").path("accountIdentifier").asText());
        assertEquals("SUSPENDED", payload.path("account").path("status").asText(), "one of the SDK's AccountStatus values");
        assertTrue(payload.path("configuration").isObject() && payload.path("configuration").isEmpty(),
                "an object, as the SDK's parser copies it: " + payload);
        assertFalse(payload.path("account").has("parentAccountIdentifier"), "not an add-on: the SDK routes by it");
        assertFalse(doc.has("returnUrl"), "a notice has no return URL");
        assertFalse(payload.has("notifications"), "internal fields stay out of the vendor's document");

        // the event log lists it under its own type, delivered and answered
        JsonPath logged = loggedEvent(event);
        assertEquals("SUBSCRIPTION_NOTICE", logged.getString("type"));
        assertEquals("SUCCEEDED", logged.getString("vendorStatus"));
        assertEquals(true, logged.getBoolean("consumed"));
        assertEquals(true, logged.getBoolean("successful"));
        assertEquals(1, asPartner().queryParam("type", "SUBSCRIPTION_NOTICE").queryParam("searchText", event.aggregate().id())
                .get("/api/channel/v1/events").then().statusCode(200).extract().jsonPath().getList("content").size());

        // and the buyer's email went out, every parameter filled
        await("the suspension email", WAIT, () -> Mailbox.of(to).size() == 1);
        Mailbox.Received mail = Mailbox.of(to).get(0);
        assertEquals("Your subscription to Product " + product.id() + " is suspended", mail.subject());
        assertTrue(mail.html().contains("Hello Bea,") && mail.html().contains("Acme &lt;Corp&gt;")
                && mail.html().contains("Premium") && mail.html().contains("4242") && mail.html().contains("Test Market"),
                mail.html());
    }

    @Test
    void aVendorThatRefusesTheNoticeIsRecordedFailedAndAProductWithoutANoticeUrlIsNotCalled() {
        Map<String, String> urls = new ConcurrentHashMap<>();
        Product product = product(urls);
        VendorServer vendor = vendor(product, call -> VendorServer.Reply.json(200,
                "{\"success\":false,\"errorCode\":\"ACCOUNT_NOT_FOUND\",\"message\":\"no such account\"}"), product.secret());
        urls.put("SUBSCRIPTION_NOTICE", vendor.base() + "/notice?eventUrl={eventUrl}");
        CatalogStubResource.product(product.id(), partner, product.key(), product.secret(), urls);
        EventEnvelope reactivated = notice(product, "REACTIVATED", "ACTIVE", List.of());
        publish(reactivated);
        JsonPath failed = awaitStatus(reactivated, "FAILED");
        assertEquals("ACCOUNT_NOT_FOUND", failed.getString("result.errorCode"));
        assertEquals("no such account", failed.getString("result.message"));
        assertEquals(1, vendor.calls().size(), "a failure answer is final: not retried");
        assertTrue(vendor.calls().get(0).signatureValid());

        // another product of the marketplace asks for orders only: its notice is recorded as not sent
        Map<String, String> orderOnly = new ConcurrentHashMap<>();
        Product quiet = product(orderOnly);
        VendorServer quietVendor = vendor(quiet, call -> VendorServer.Reply.json(200, "{\"success\":true}"), quiet.secret());
        orderOnly.put("SUBSCRIPTION_ORDER", quietVendor.base() + "/order?eventUrl={eventUrl}");
        CatalogStubResource.product(quiet.id(), partner, quiet.key(), quiet.secret(), orderOnly);
        EventEnvelope skipped = notice(quiet, "DEACTIVATED", "SUSPENDED", List.of());
        publish(skipped);
        JsonPath notSent = awaitStatus(skipped, "SUCCEEDED");
        assertTrue(notSent.getString("result.message").contains("no SUBSCRIPTION_NOTICE event URL configured"),
                notSent.prettify());
        assertEquals(0, quietVendor.calls().size(), "the vendor did not ask to hear about notices");
        assertEquals("SUBSCRIPTION_NOTICE", loggedEvent(skipped).getString("type"));
    }
}
