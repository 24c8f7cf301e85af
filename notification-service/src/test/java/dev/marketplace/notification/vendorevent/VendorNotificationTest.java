package dev.marketplace.notification.vendorevent;

import static dev.marketplace.testkit.ErrorBodies.errorBody;
import static dev.marketplace.notification.TestEvents.await;
import static dev.marketplace.notification.TestEvents.envelope;
import static dev.marketplace.notification.TestEvents.json;
import static dev.marketplace.notification.TestEvents.publish;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasXPath;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.security.Roles;
import dev.marketplace.notification.CatalogStubResource;
import dev.marketplace.notification.Mailbox;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * Vendor notification end to end inside the service: subscription events from Kafka, the product's integration from a
 * catalog stub, real HTTP vendor servers that verify our OAuth 1.0 signature with signpost and fetch the event back,
 * results through the outbox to Kafka (read back from the event log), parking and operator retry.
 */
@QuarkusTest
class VendorNotificationTest extends VendorTestSupport {
    @Test
    void anOrderIsSignedFetchedAndItsSuccessGoesBackToBillingOnce() throws Exception {
        Map<String, String> urls = new ConcurrentHashMap<>();
        Product product = product(urls);
        Map<String, JsonNode> fetched = new ConcurrentHashMap<>();
        VendorServer vendor = vendor(product, call -> {
            JsonNode event = fetchAsVendor(call.eventUrl(), product.id());
            fetched.put("event", event);
            return VendorServer.Reply.json(200, "{\"success\":true,\"accountIdentifier\":\"acct-"
                    + event.path("payload").path("company").path("name").asText().length() + "\"}");
        }, product.secret());
        urls.put("SUBSCRIPTION_ORDER", vendor.base() + "/api/v1/integration/processEvent?eventUrl={eventUrl}");
        CatalogStubResource.product(product.id(), partner, product.key(), product.secret(), urls);

        EventEnvelope order = subscriptionEvent("SUBSCRIPTION_ORDER", product, false);
        publish(order);
        publish(order); // redelivered: the vendor still hears about it once
        JsonPath done = awaitStatus(order, "SUCCEEDED");
        assertEquals(1, done.getInt("attempts"));
        assertEquals("acct-11", done.getString("result.accountIdentifier"));
        assertEquals("RESPONSE", done.getString("result.source"));
        assertEquals(200, done.getInt("lastHttpStatus"));

        assertEquals(1, vendor.calls().size());
        VendorServer.Call call = vendor.calls().get(0);
        assertTrue(call.signatureValid(), "signpost verifies our signature: " + call.authorization());
        assertEquals(product.key(), call.consumerKey());
        assertEquals("/api/v1/integration/processEvent", call.path());
        assertEquals("https://market.test/api/integration/v1/events/" + token(order), call.eventUrl());

        JsonNode event = fetched.get("event");
        assertEquals("SUBSCRIPTION_ORDER", event.path("type").asText());
        assertEquals("https://market.test", event.path("marketplace").path("baseUrl").asText());
        assertEquals(partner, event.path("marketplace").path("partner").asText());
        assertEquals("app-" + product.id(), event.path("applicationUuid").asText());
        assertTrue(event.path("flag").isNull());
        assertEquals("buyer@acme.test", event.path("creator").path("email").asText());
        assertEquals("Bea", event.path("payload").path("user").path("firstName").asText());
        assertEquals("Acme <Corp>", event.path("payload").path("company").path("name").asText());
        assertEquals("INITIALIZED", event.path("payload").path("account").path("status").asText());
        assertEquals("PREMIUM", event.path("payload").path("order").path("editionCode").asText());
        assertEquals("MONTHLY", event.path("payload").path("order").path("pricingDuration").asText());
        assertEquals("USER", event.path("payload").path("order").path("items").get(0).path("unit").asText());
        assertEquals(5, event.path("payload").path("order").path("items").get(0).path("quantity").asInt());
        assertEquals("https://market.test/api/integration/v1/events/" + token(order) + "/return", event.path("returnUrl").asText());
        assertFalse(event.path("payload").has("eventToken"), "internal fields stay out of the vendor's document");

        JsonPath result = awaitResultEvent(order);
        assertEquals("notification-service", result.getString("source"));
        assertEquals("SUBSCRIPTION_ORDER", result.getString("payload.eventType"));
        assertEquals(order.aggregate().id(), result.getString("payload.subscriptionId"));
        assertEquals(true, result.getBoolean("payload.success"));
        assertEquals("acct-11", result.getString("payload.accountIdentifier"));

        JsonPath logged = loggedEvent(order);
        assertEquals("SUCCEEDED", logged.getString("vendorStatus"));
        assertEquals(true, logged.getBoolean("consumed"));
        assertEquals(true, logged.getBoolean("successful"));
        // the catalogue was asked with a service token of the event's partner
        assertTrue(CatalogStubResource.tokens().stream().anyMatch(t -> partner.equals(t.path("partner").asText())
                && "service".equals(t.path("ctype").asText())));
        Thread.sleep(500);
        assertEquals(1, vendor.calls().size(), "never called twice");
        assertEquals(1, asPartner().queryParam("type", "VENDOR_EVENT_RESULT").queryParam("searchText", order.aggregate().id())
                .get("/api/channel/v1/events").then().extract().jsonPath().getList("content").size());
    }

    @Test
    void aVendorAnswering202ResolvesTheEventOnceThroughTheResultEndpoint() {
        Map<String, String> urls = new ConcurrentHashMap<>();
        Product product = product(urls);
        VendorServer vendor = vendor(product, call -> VendorServer.Reply.json(202, "{\"success\":true}"), product.secret());
        urls.put("USER_ASSIGNMENT", vendor.base() + "/assign?eventUrl={eventUrl}&v=1");
        CatalogStubResource.product(product.id(), partner, product.key(), product.secret(), urls);

        EventEnvelope assignment = subscriptionEvent("USER_ASSIGNMENT", product, false);
        publish(assignment);
        awaitStatus(assignment, "AWAITING_RESULT");
        assertTrue(vendor.calls().get(0).signatureValid(), "query parameters of the template are signed too");
        assertEquals("AWAITING_RESULT", loggedEvent(assignment).getString("vendorStatus"));
        assertEquals(true, loggedEvent(assignment).getBoolean("asynchronous"));
        String token = token(assignment);
        String path = "/api/integration/v1/events/" + token;

        // XML unless JSON is asked for
        asVendor(product.id()).get(path).then().statusCode(200).contentType(ContentType.XML)
                .body(hasXPath("/event/type", equalTo("USER_ASSIGNMENT")))
                .body(hasXPath("/event/payload/user/email", equalTo("buyer@acme.test")))
                .body(hasXPath("/event/marketplace/partner", equalTo(partner)));
        asVendor(product.id()).accept(ContentType.JSON).get(path).then().statusCode(200).contentType(ContentType.JSON)
                // the charset named, so that a vendor reading the body as text reads UTF-8
                .header("Content-Type", org.hamcrest.Matchers.equalToIgnoringCase("application/json;charset=UTF-8"))
                .body("type", equalTo("USER_ASSIGNMENT")).body("payload.order", nullValue());
        asVendor(product.id()).accept("text/plain").get(path).then().statusCode(200).contentType(ContentType.XML);

        // nobody but the product's vendor reads or resolves it
        asVendor(product.id() + 1).accept(ContentType.JSON).get(path).then().statusCode(403);
        given().header("Authorization", vendorToken("X" + partner, product.id())).get(path).then().statusCode(403);
        asPartner(Roles.PARTNER, Roles.SUPER_SUPPORT).get(path).then().statusCode(403);
        given().get(path).then().statusCode(403);
        given().header("Authorization", forgedVendorToken(product.id())).get(path).then().statusCode(403);
        given().header("Authorization", forgedVendorToken(product.id())).contentType(ContentType.JSON)
                .body("{\"success\":true}").post(path + "/result").then().statusCode(403);
        asVendor(product.id()).get("/api/integration/v1/events/0123456789abcdef0123456789abcdef").then().statusCode(404);
        String body = "{\"success\":true,\"accountIdentifier\":\"acct-existing\",\"userIdentifier\":\"u-9\"}";
        asVendor(product.id() + 1).contentType(ContentType.JSON).body(body).post(path + "/result").then().statusCode(403);
        asPartner().contentType(ContentType.JSON).body(body).post(path + "/result").then().statusCode(403);
        asVendor(product.id()).contentType(ContentType.JSON).body("{\"success\":\"yes\"}").post(path + "/result")
                .then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                .body("message", equalTo("success: must be a boolean"));
        asVendor(product.id()).contentType(ContentType.JSON).body("{\"success\":true,\"errorCode\":\"" + "E".repeat(129) + "\"}")
                .post(path + "/result").then().statusCode(400).body("message", containsString("errorCode: size must be"));
        asVendor(product.id()).contentType(ContentType.JSON).body("{oops").post(path + "/result").then().statusCode(400);
        asVendor(product.id()).contentType(ContentType.JSON).body("{\"accountIdentifier\":\"a\"}").post(path + "/result")
                .then().statusCode(400).body("message", containsString("success: is required"));
        assertEquals("AWAITING_RESULT", vendorEvent(assignment).getString("status"), "refusals changed nothing");

        asVendor(product.id()).contentType(ContentType.JSON).body(body).post(path + "/result").then().statusCode(204);
        asVendor(product.id()).contentType(ContentType.JSON).body("{\"success\":false}").post(path + "/result").then()
                .statusCode(409).body("code", equalTo("RESULT_ALREADY_RECORDED"));
        JsonPath done = vendorEvent(assignment);
        assertEquals("SUCCEEDED", done.getString("status"));
        assertEquals("RESULT", done.getString("result.source"));
        JsonPath result = awaitResultEvent(assignment);
        assertEquals("USER_ASSIGNMENT", result.getString("payload.eventType"));
        assertEquals(true, result.getBoolean("payload.success"));
        assertEquals(assignment.payload().path("user").path("uuid").asText(), result.getString("payload.userUuid"));
        assertEquals(1, vendor.calls().size());
    }

    @Test
    void aVendorRefusalFailsTheOrderWithItsErrorCodeWithoutRetrying() throws Exception {
        Map<String, String> urls = new ConcurrentHashMap<>();
        Product product = product(urls);
        VendorServer vendor = vendor(product, call -> VendorServer.Reply.json(200,
                "{\"success\":false,\"errorCode\":\"USER_ALREADY_EXISTS\",\"message\":\"That account exists\"}"), product.secret());
        urls.put("SUBSCRIPTION_ORDER", vendor.base() + "/create?eventUrl={eventUrl}");
        CatalogStubResource.product(product.id(), partner, product.key(), product.secret(), urls);

        EventEnvelope order = subscriptionEvent("SUBSCRIPTION_ORDER", product, false);
        publish(order);
        JsonPath failed = awaitStatus(order, "FAILED");
        assertEquals("USER_ALREADY_EXISTS", failed.getString("result.errorCode"));
        assertEquals("That account exists", failed.getString("result.message"));
        JsonPath result = awaitResultEvent(order);
        assertEquals(false, result.getBoolean("payload.success"));
        assertEquals("USER_ALREADY_EXISTS", result.getString("payload.errorCode"));
        assertEquals("That account exists", result.getString("payload.message"));
        JsonPath logged = loggedEvent(order);
        assertEquals(false, logged.getBoolean("successful"));
        assertEquals("USER_ALREADY_EXISTS", logged.getString("error.code"));
        Thread.sleep(500);
        assertEquals(1, vendor.calls().size());
        // a result after the final answer is a conflict
        asVendor(product.id()).contentType(ContentType.JSON).body("{\"success\":true,\"accountIdentifier\":\"late\"}")
                .post("/api/integration/v1/events/" + token(order) + "/result").then().statusCode(409);
    }

    @Test
    void aVendorThatIsDownIsRetriedThenParkedAndAnOperatorRetriesIt() {
        Map<String, String> urls = new ConcurrentHashMap<>();
        Product product = product(urls);
        VendorServer vendor = vendor(product, call -> VendorServer.Reply.json(503, "{\"error\":\"maintenance\"}"), product.secret());
        urls.put("SUBSCRIPTION_CANCEL", vendor.base() + "/cancel?eventUrl={eventUrl}");
        CatalogStubResource.product(product.id(), partner, product.key(), product.secret(), urls);

        EventEnvelope cancel = subscriptionEvent("SUBSCRIPTION_CANCEL", product, false);
        publish(cancel);
        JsonPath parked = awaitStatus(cancel, "PARKED");
        assertEquals(3, parked.getInt("attempts"), "max-attempts is 3 in tests");
        assertNotNull(parked.get("parkedOn"));
        // the circuit opened after 2 consecutive failures (threshold in tests): the third attempt made no call
        assertEquals(2, vendor.calls().size());
        assertTrue(parked.getString("lastError").contains("circuit open"), parked.getString("lastError"));
        JsonPath logged = loggedEvent(cancel);
        assertEquals("PARKED", logged.getString("vendorStatus"));
        assertEquals(false, logged.getBoolean("consumed"));
        assertEquals("VENDOR_UNREACHABLE", logged.getString("error.code"));
        asPartner().queryParam("status", "PARKED").get("/api/notification/v1/vendor-events").then().statusCode(200)
                .body("content.eventId", org.hamcrest.Matchers.hasItem(cancel.id().toString()));

        // MANUAL_EVENT_RESOLUTION reaches the operators' inbox (real SMTP server)
        await("the MANUAL_EVENT_RESOLUTION email", WAIT, () -> Mailbox.of("ops@market.test").stream()
                .anyMatch(m -> m.html().contains(cancel.id().toString())));
        Mailbox.Received mail = Mailbox.of("ops@market.test").stream().filter(m -> m.html().contains(cancel.id().toString()))
                .findFirst().orElseThrow();
        assertTrue(mail.html().contains("SUBSCRIPTION_CANCEL"), mail.html());
        assertTrue(mail.html().contains("Product " + product.id()), mail.html());

        // operators: read-only roles and other partners cannot retry; a parked event can
        String retry = "/api/notification/v1/vendor-events/" + cancel.id() + "/retry";
        asPartner(Roles.PARTNER_READ).post(retry).then().statusCode(403);
        // another marketplace's vendor event is as unknown as an id that does not exist
        for (String id : java.util.List.of(cancel.id().toString(), java.util.UUID.randomUUID().toString())) {
            given().header("Authorization", InternalTokens.bearer("O" + partner, Roles.CHANNEL_ADMIN))
                    .post("/api/notification/v1/vendor-events/" + id + "/retry").then().statusCode(404)
                    .body(errorBody("{\"code\":\"NOT_FOUND\",\"message\":\"Vendor event " + id + " was not found\"}"));
        }
        asPartner(Roles.PARTNER).post("/api/notification/v1/vendor-events/not-a-uuid/retry").then().statusCode(400);
        vendor.behave(call -> VendorServer.Reply.json(200, "{\"success\":true}"));
        asPartner(Roles.CHANNEL_ADMIN).post(retry).then().statusCode(200).body("status", equalTo("PENDING"))
                .body("attempts", equalTo(0));
        JsonPath done = awaitStatus(cancel, "SUCCEEDED");
        assertEquals(1, done.getInt("attempts"));
        assertNull(done.get("parkedOn"));
        assertEquals(3, vendor.calls().size());
        assertTrue(vendor.calls().get(2).signatureValid());
        JsonPath result = awaitResultEvent(cancel);
        assertEquals("SUBSCRIPTION_CANCEL", result.getString("payload.eventType"));
        assertEquals(true, result.getBoolean("payload.success"));
        asPartner(Roles.CHANNEL_ADMIN).post(retry).then().statusCode(409);
        assertEquals("SUCCEEDED", loggedEvent(cancel).getString("vendorStatus"));
    }

    @Test
    void aVendorUrlNamingAnInternalAddressIsNeverCalledAndNothingOfTheTargetIsShown() {
        // saved before the guard existed, or re-pointed since: the check when connecting refuses it all the same
        Map<String, String> urls = new ConcurrentHashMap<>();
        Product product = product(urls);
        urls.put("SUBSCRIPTION_CHANGE", "http://169.254.169.254/latest/meta-data?eventUrl={eventUrl}");
        CatalogStubResource.product(product.id(), partner, product.key(), product.secret(), urls);
        EventEnvelope change = subscriptionEvent("SUBSCRIPTION_CHANGE", product, false);
        publish(change);
        JsonPath parked = awaitStatus(change, "PARKED");
        assertEquals("the vendor URL must not point to a loopback, private, link-local or otherwise internal address",
                parked.getString("lastError"));
        assertEquals(1, parked.getInt("attempts"), "parked at once, not retried");

        // a vendor that answers an error: only its status reaches tenant-visible fields, never its body
        Map<String, String> urls2 = new ConcurrentHashMap<>();
        Product leaky = product(urls2);
        VendorServer vendor = vendor(leaky, call -> VendorServer.Reply.json(500, "{\"secret\":\"internal-detail-42\"}"),
                leaky.secret());
        urls2.put("SUBSCRIPTION_CANCEL", vendor.base() + "/cancel?eventUrl={eventUrl}");
        CatalogStubResource.product(leaky.id(), partner, leaky.key(), leaky.secret(), urls2);
        EventEnvelope cancel = subscriptionEvent("SUBSCRIPTION_CANCEL", leaky, false);
        publish(cancel);
        JsonPath failed = awaitStatus(cancel, "PARKED");
        assertTrue(!failed.prettify().contains("internal-detail-42"), failed.prettify());
    }

    @Test
    void anUnreachableVendorIsParkedAndAStatelessPingIsSentWithoutResultEvent() {
        Map<String, String> urls = new ConcurrentHashMap<>();
        Product product = product(urls);
        VendorServer gone = new VendorServer(product.secret(), call -> VendorServer.Reply.json(200, "{}"));
        String deadBase = gone.base();
        gone.close(); // nothing listens on that port any more
        urls.put("SUBSCRIPTION_CHANGE", deadBase + "/change?eventUrl={eventUrl}");
        CatalogStubResource.product(product.id(), partner, product.key(), product.secret(), urls);
        EventEnvelope change = subscriptionEvent("SUBSCRIPTION_CHANGE", product, false);
        publish(change);
        JsonPath parked = awaitStatus(change, "PARKED");
        assertTrue(parked.getString("lastError").contains("unreachable") || parked.getString("lastError").contains("circuit"),
                parked.getString("lastError"));
        // the operator learns the vendor will not apply the change and settles it by hand
        String resolve = "/api/notification/v1/vendor-events/" + change.id() + "/resolve";
        String cancelled = "{\"success\":false,\"errorCode\":\"OPERATION_CANCELLED\",\"message\":\"vendor retired the plan\"}";
        asPartner(Roles.PARTNER_READ).contentType(ContentType.JSON).body(cancelled).post(resolve).then().statusCode(403);
        asPartner(Roles.CHANNEL_ADMIN).contentType(ContentType.JSON).body("{\"success\":\"maybe\"}").post(resolve).then().statusCode(400)
                .body("message", containsString("success: must be a boolean"));
        asPartner(Roles.CHANNEL_ADMIN).contentType(ContentType.JSON).body(cancelled).post(resolve).then().statusCode(200)
                .body("status", equalTo("FAILED")).body("result.source", equalTo("MANUAL"))
                .body("result.errorCode", equalTo("OPERATION_CANCELLED"));
        asPartner(Roles.CHANNEL_ADMIN).contentType(ContentType.JSON).body(cancelled).post(resolve).then().statusCode(409);
        JsonPath settled = awaitResultEvent(change);
        assertEquals(false, settled.getBoolean("payload.success"));
        assertEquals("OPERATION_CANCELLED", settled.getString("payload.errorCode"));
        assertEquals(true, loggedEvent(change).getBoolean("manuallyResolved"));

        // the catalogue's ping: a STATELESS event to the URL it names, answered synchronously
        Product pinged = product(Map.of());
        Map<String, JsonNode> fetched = new ConcurrentHashMap<>();
        VendorServer vendor = vendor(pinged, call -> {
            fetched.put("event", fetchAsVendor(call.eventUrl(), pinged.id()));
            return VendorServer.Reply.json(200, "{\"success\":true,\"accountIdentifier\":\"ping-ok\"}");
        }, pinged.secret());
        Map<String, Object> ping = new LinkedHashMap<>();
        ping.put("productId", pinged.id());
        ping.put("applicationUuid", "app-" + pinged.id());
        ping.put("productName", "Pinged");
        ping.put("flag", "STATELESS");
        ping.put("eventType", "SUBSCRIPTION_ORDER");
        ping.put("eventUrlTemplate", vendor.base() + "/create?eventUrl={eventUrl}");
        ping.put("consumerKey", pinged.key());
        ping.put("interactive", false);
        EventEnvelope pingEvent = envelope("VENDOR_PING", partner, "PRODUCT", String.valueOf(pinged.id()), ping);
        publish(pingEvent);
        JsonPath done = awaitStatus(pingEvent, "SUCCEEDED");
        assertEquals("STATELESS", done.getString("flag"));
        assertTrue(vendor.calls().get(0).signatureValid());
        assertEquals("STATELESS", fetched.get("event").path("flag").asText());
        assertEquals("SUBSCRIPTION_ORDER", fetched.get("event").path("type").asText());
        assertTrue(vendor.calls().get(0).eventUrl().startsWith("https://market.test/api/integration/v1/events/"));
    }

    @Test
    void anInteractiveOrderWaitsForTheSignedReturnUrlInsteadOfCallingTheVendor() throws Exception {
        Map<String, String> urls = new ConcurrentHashMap<>();
        Product product = product(urls);
        VendorServer vendor = vendor(product, call -> VendorServer.Reply.json(200, "{\"success\":true}"), product.secret());
        urls.put("SUBSCRIPTION_ORDER", vendor.base() + "/create?eventUrl={eventUrl}");
        CatalogStubResource.product(product.id(), partner, product.key(), product.secret(), urls);
        EventEnvelope order = subscriptionEvent("SUBSCRIPTION_ORDER", product, true);
        publish(order);
        awaitStatus(order, "AWAITING_RESULT");
        Thread.sleep(600);
        assertEquals(0, vendor.calls().size(), "the user's browser carries an interactive order to the vendor");
        String returnPath = "/api/integration/v1/events/" + token(order) + "/return";
        asPartner().queryParam("success", "true").get(returnPath).then().statusCode(403);
        asVendor(product.id()).queryParam("accountIdentifier", "x").get(returnPath).then().statusCode(400)
                .body("message", containsString("success"));
        asVendor(product.id()).queryParam("success", "true").get(returnPath).then().statusCode(400)
                .body("message", containsString("accountIdentifier: is required when a SUBSCRIPTION_ORDER succeeds"));
        asVendor(product.id()).queryParam("success", "true").queryParam("accountIdentifier", "acct-browser")
                .get(returnPath).then().statusCode(200).contentType(ContentType.HTML).body(containsString("complete"));
        asVendor(product.id()).queryParam("success", "true").get(returnPath).then().statusCode(409);
        JsonPath done = vendorEvent(order);
        assertEquals("RETURN_URL", done.getString("result.source"));
        assertEquals("acct-browser", awaitResultEvent(order).getString("payload.accountIdentifier"));
    }

    @Test
    void aReturnUrlReachingUsBeforeItsEventWaitsForTheEventInsteadOfAnswering404() throws Exception {
        Map<String, String> urls = new ConcurrentHashMap<>();
        Product product = product(urls);
        VendorServer vendor = vendor(product, call -> VendorServer.Reply.json(200, "{\"success\":true}"), product.secret());
        urls.put("SUBSCRIPTION_ORDER", vendor.base() + "/create?eventUrl={eventUrl}");
        CatalogStubResource.product(product.id(), partner, product.key(), product.secret(), urls);
        EventEnvelope order = subscriptionEvent("SUBSCRIPTION_ORDER", product, true);
        String returnPath = "/api/integration/v1/events/" + token(order) + "/return";
        // billing handed the token to the browser; the event is still on its way through Kafka
        java.util.concurrent.CompletableFuture<Void> late = java.util.concurrent.CompletableFuture.runAsync(() -> {
            try {
                Thread.sleep(1_000);
                publish(order);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        asVendor(product.id()).queryParam("success", "true").queryParam("accountIdentifier", "acct-early")
                .get(returnPath).then().statusCode(200).body(containsString("complete"));
        late.join();
        assertEquals("acct-early", awaitResultEvent(order).getString("payload.accountIdentifier"));
    }

    @Test
    void anEventInterruptedBetweenTheCallAndItsRecordIsSentAgainWithTheSameToken() {
        Map<String, String> urls = new ConcurrentHashMap<>();
        Product product = product(urls);
        VendorServer vendor = vendor(product, call -> "1".equals(call.delivery())
                ? VendorServer.Reply.json(202, "{\"success\":true}")
                : VendorServer.Reply.json(200, "{\"success\":true,\"accountIdentifier\":\"acct-again\"}"), product.secret());
        urls.put("SUBSCRIPTION_ORDER", vendor.base() + "/create?eventUrl={eventUrl}");
        CatalogStubResource.product(product.id(), partner, product.key(), product.secret(), urls);
        EventEnvelope order = subscriptionEvent("SUBSCRIPTION_ORDER", product, false);
        publish(order);
        awaitStatus(order, "AWAITING_RESULT");
        // as if the process had stopped after calling the vendor and before recording its answer: still SENDING, its
        // lease lapsed
        dev.marketplace.notification.Transactions.inTransaction(() -> io.quarkus.hibernate.reactive.panache.Panache
                .getSession().chain(session -> session.createNativeQuery("update vendor_event set status = 'SENDING',"
                        + " lease_until = now() - interval '1 second', result_due_at = null where id = ?1")
                        .setParameter(1, order.id()).executeUpdate()));
        JsonPath done = awaitStatus(order, "SUCCEEDED");
        assertEquals("acct-again", done.getString("result.accountIdentifier"));
        assertEquals(2, vendor.calls().size());
        assertEquals(vendor.calls().get(0).eventUrl(), vendor.calls().get(1).eventUrl(), "same token");
        assertEquals("2", vendor.calls().get(1).delivery(), "marked as a re-delivery");
        assertEquals(2, done.getInt("sends"));
    }

    @Test
    void aVendorThatCouldNotReadTheEventIsAskedAgainInsteadOfFailingTheOrder() {
        Map<String, String> urls = new ConcurrentHashMap<>();
        Product product = product(urls);
        VendorServer vendor = vendor(product, call -> {
            if ("1".equals(call.delivery())) {
                // what AppDirect's library answers when its fetch of the event failed (here: it did not even try)
                return VendorServer.Reply.json(200, "{\"success\":false,\"errorCode\":\"UNKNOWN_ERROR\",\"message\":"
                        + "\"Failed to process event. eventUrl=" + call.eventUrl() + " | exception=Access is denied\"}");
            }
            fetchAsVendor(call.eventUrl(), product.id());
            return VendorServer.Reply.json(200, "{\"success\":true,\"accountIdentifier\":\"acct-read\"}");
        }, product.secret());
        urls.put("SUBSCRIPTION_ORDER", vendor.base() + "/create?eventUrl={eventUrl}");
        CatalogStubResource.product(product.id(), partner, product.key(), product.secret(), urls);
        EventEnvelope order = subscriptionEvent("SUBSCRIPTION_ORDER", product, false);
        publish(order);
        JsonPath done = awaitStatus(order, "SUCCEEDED");
        assertEquals("acct-read", done.getString("result.accountIdentifier"));
        assertEquals(2, done.getInt("attempts"));
        assertTrue(done.getString("lastError").contains("could not read the event"), done.getString("lastError"));
    }
}
