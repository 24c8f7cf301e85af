package dev.marketplace.billing.subscription;

import static dev.marketplace.billing.BillingFixtures.as;
import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.buyer;
import static dev.marketplace.billing.BillingFixtures.awaitStatus;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.order;
import static dev.marketplace.billing.BillingFixtures.path;
import static dev.marketplace.billing.BillingFixtures.publishResult;
import static dev.marketplace.billing.BillingFixtures.accountService;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.testkit.DomainEvents;
import dev.marketplace.billing.FakeCatalog;
import dev.marketplace.common.oauth.OAuth1;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class SubscriptionLifecycleTest {
    private final String partner = newPartner();
    private final UUID company = UUID.randomUUID();
    private final UUID user = UUID.randomUUID();

    private JsonNode event(String type, String subscriptionId) {
        return DomainEvents.await(e -> type.equals(e.path("type").asText())
                && subscriptionId.equals(e.path("aggregate").path("id").asText()), Duration.ofSeconds(30));
    }

    private String create(FakeCatalog.Product product) {
        return asPartner(partner).body(order(product, 5)).post(buyer(partner, company, user)).then().statusCode(201)
                .extract().path("id");
    }

    @Test
    void orderBecomesActiveWhenTheVendorSucceedsOverKafka() throws Exception {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        String id = asPartner(partner).body(order(product, 5)).post(buyer(partner, company, user)).then().statusCode(201)
                .header("Location", containsString("/api/billing/v1/subscriptions/"))
                .body("status", equalTo("PENDING_REMOTE_CREATION"))
                .body("editionCode", equalTo("BASIC"))
                .body("pricingDuration", equalTo("YEARLY")) // the primary plan by default
                .body("paymentPlanId", equalTo((int) product.yearlyPlanId()))
                .body("items[0].quantity", equalTo(5))
                .body("redirectUrl", nullValue())
                .extract().path("id");

        // catalog was asked with billing's service token of the caller's partner, and never for the vendor's secret
        assertTrue(FakeCatalog.CALLS.stream().anyMatch(c -> c.getKey().equals("/internal/v1/products/" + product.id() + "/integration")
                && partner.equals(c.getValue().path("partner").asText()) && "service".equals(c.getValue().path("ctype").asText())
                && "marketplace-billing".equals(c.getValue().path("iss").asText())));
        assertTrue(FakeCatalog.REQUESTS.stream().noneMatch(r -> r.contains("with-secret")), FakeCatalog.REQUESTS.toString());

        JsonNode ordered = event("SUBSCRIPTION_ORDER", id);
        JsonNode p = ordered.path("payload");
        assertEquals(partner, ordered.path("partner").asText());
        assertEquals(id, p.path("subscriptionId").asText());
        assertEquals(product.id(), p.path("productId").asLong());
        assertEquals(product.applicationUuid(), p.path("applicationUuid").asText());
        assertEquals(company.toString(), p.path("companyUuid").asText());
        assertEquals("BASIC", p.path("order").path("editionCode").asText());
        assertEquals("YEARLY", p.path("order").path("pricingDuration").asText());
        assertEquals("USER", p.path("order").path("items").path(0).path("unit").asText());
        assertEquals(5, p.path("order").path("items").path(0).path("quantity").asInt());
        assertEquals("Acme", p.path("company").path("name").asText());
        assertEquals(company.toString(), p.path("company").path("uuid").asText());
        assertEquals("ann@acme.example", p.path("user").path("email").asText());
        assertEquals(user.toString(), p.path("user").path("uuid").asText());
        assertEquals("fr", p.path("user").path("language").asText());
        assertEquals("fr_CA", p.path("creator").path("locale").asText());
        assertEquals("INITIALIZED", p.path("account").path("status").asText());
        assertEquals(false, p.path("interactive").asBoolean());
        assertTrue(p.path("configuration").isObject());
        assertTrue(p.path("eventUrl").asText().endsWith("/api/integration/v1/events/" + p.path("eventToken").asText()));
        assertEquals(p.path("eventUrl").asText() + "/return", p.path("returnUrl").asText());
        assertEquals(partner, p.path("marketplace").path("partner").asText());
        assertEquals("http://localhost:8080", p.path("marketplace").path("baseUrl").asText());
        JsonNode mail = p.path("notifications").path(0);
        assertEquals("SUBSCRIPTION_ORDER", mail.path("type").asText());
        assertEquals("ann@acme.example", mail.path("recipients").path(0).asText());
        assertEquals("fr_CA", mail.path("locale").asText());
        assertEquals("Acme", mail.path("parameters").path("companyName").asText());
        assertEquals("Edition BASIC", mail.path("parameters").path("editionName").asText());
        assertEquals(ordered.path("payload").path("orderId").asLong(), mail.path("parameters").path("orderId").asLong());

        String resultId = publishResult(partner, id, "SUBSCRIPTION_ORDER", true, "acct-42", null, null, null);
        awaitStatus(partner, id, "ACTIVE");
        asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().body("accountIdentifier", equalTo("acct-42"));
        assertEquals("acct-42", event("SUBSCRIPTION_ORDER_SUCCEEDED", id).path("payload").path("subscription")
                .path("accountIdentifier").asText());

        // redelivery of the same result is skipped; the next result (same key, same partition) proves it was consumed
        publishResult(resultId, partner, id, "SUBSCRIPTION_ORDER", true, "acct-42", null, null, null);
        asPartner(partner).delete(path(company, user) + "/" + id).then().statusCode(202)
                .body("status", equalTo("PENDING_REMOTE_CANCELLATION"));
        JsonNode cancel = event("SUBSCRIPTION_CANCEL", id).path("payload");
        assertEquals("acct-42", cancel.path("account").path("accountIdentifier").asText());
        assertEquals("ACTIVE", cancel.path("account").path("status").asText());
        assertEquals("SUBSCRIPTION_CANCEL", cancel.path("eventType").asText());
        assertEquals("SUBSCRIPTION_CANCEL", cancel.path("notifications").path(0).path("type").asText());
        asPartner(partner).delete(path(company, user) + "/" + id).then().statusCode(409).body("code", equalTo("INVALID_STATE"));

        publishResult(partner, id, "SUBSCRIPTION_CANCEL", true, null, null, null, null);
        awaitStatus(partner, id, "CANCELLED");
        assertEquals(1, count("select count(*) from processed_event where event_id = '" + resultId + "'"));
        assertEquals(1, count("select count(*) from outbox_event where type = 'SUBSCRIPTION_ORDER_SUCCEEDED' and aggregate_id = '" + id + "'"));
    }

    @Test
    void vendorRefusalFailsTheOrderWithItsErrorCodeAndMessage() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        String id = create(product);
        publishResult(partner, id, "SUBSCRIPTION_ORDER", false, null, "MAX_USERS_REACHED", "Too many users", null);
        awaitStatus(partner, id, "FAILED");
        asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then()
                .body("error.code", equalTo("MAX_USERS_REACHED")).body("error.message", equalTo("Too many users"))
                .body("accountIdentifier", nullValue());
        asPartner(partner).delete(path(company, user) + "/" + id).then().statusCode(409);
        asPartner(partner).body(Map.of("uuid", UUID.randomUUID().toString(), "email", "bo@acme.example"))
                .post("/api/billing/v1/subscriptions/" + id + "/assignments").then().statusCode(409);
        assertEquals("MAX_USERS_REACHED", event("SUBSCRIPTION_ORDER_FAILED", id).path("payload").path("result")
                .path("errorCode").asText());

        // "success" without an account identifier cannot be used later: the order fails instead of hanging
        String nameless = create(product);
        publishResult(partner, nameless, "SUBSCRIPTION_ORDER", true, null, null, null, null);
        awaitStatus(partner, nameless, "FAILED");
        asPartner(partner).get("/api/billing/v1/subscriptions/" + nameless).then().body("error.code", equalTo("INVALID_RESPONSE"));
    }

    @Test
    void aVendorRefusingACancellationLeavesTheSubscriptionActiveWithItsReason() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        String id = create(product);
        publishResult(partner, id, "SUBSCRIPTION_ORDER", true, "acct-7", null, null, null);
        awaitStatus(partner, id, "ACTIVE");

        asPartner(partner).delete(path(company, user) + "/" + id).then().statusCode(202);
        publishResult(partner, id, "SUBSCRIPTION_CANCEL", false, null, "OPERATION_CANCELLED", "not now", null);
        awaitStatus(partner, id, "ACTIVE");
        asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().body("error.code", equalTo("OPERATION_CANCELLED"));
        asPartner(partner).delete("/api/billing/v1/subscriptions/" + id).then().statusCode(202); // the by-id alias
        publishResult(partner, id, "SUBSCRIPTION_CANCEL", true, null, null, null, null);
        awaitStatus(partner, id, "CANCELLED");
        asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().body("error", nullValue());
    }

    @Test
    void interactiveOrdersAnswerWithTheSignedVendorUrl() {
        FakeCatalog.Product product = FakeCatalog.register(partner, true, true);
        var response = asPartner(partner).body(order(product, 2)).post(buyer(partner, company, user)).then().statusCode(201)
                .body("interactive", equalTo(true))
                .body("redirectUrl", startsWith("https://vendor.example/create?eventUrl="))
                .extract();
        String redirect = response.path("redirectUrl");
        String id = response.path("id");
        JsonNode p = event("SUBSCRIPTION_ORDER", id).path("payload");
        assertTrue(p.path("interactive").asBoolean());
        assertTrue(redirect.contains(OAuth1.percentEncode(p.path("eventUrl").asText())), redirect);
        assertEquals(p.path("eventUrl").asText() + "/return", p.path("returnUrl").asText());

        // catalog signed it (billing never holds the secret), and the signature verifies with the vendor's secret
        assertTrue(FakeCatalog.REQUESTS.contains("POST /internal/v1/products/" + product.id() + "/signed-urls"));
        java.net.URI uri = java.net.URI.create(redirect);
        List<OAuth1.Param> params = OAuth1.parseForm(uri.getRawQuery());
        String signature = params.stream().filter(x -> x.name().equals("oauth_signature")).findFirst().orElseThrow().value();
        assertTrue(params.stream().anyMatch(x -> x.name().equals("oauth_consumer_key") && x.value().equals(product.consumerKey())));
        List<OAuth1.Param> signed = params.stream().filter(x -> !x.name().equals("oauth_signature")).toList();
        String expected = OAuth1.sign(OAuth1.baseString("GET", OAuth1.normalizeUrl(uri), signed), product.consumerSecret(), "");
        assertEquals(expected, signature);
    }

    @Test
    void changeIsAppliedWhenTheVendorAccepts() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        String id = create(product);
        String one = path(company, user) + "/" + id;
        asPartner(partner).body(Map.of("editionId", product.otherEditionId())).put(one).then().statusCode(409);
        publishResult(partner, id, "SUBSCRIPTION_ORDER", true, "acct-9", null, null, null);
        awaitStatus(partner, id, "ACTIVE");

        asPartner(partner).body(Map.of()).put(one).then().statusCode(400).body("message", containsString("editionId"));
        asPartner(partner).body(Map.of("editionId", 999999)).put(one).then().statusCode(400).body("message", containsString("editionId"));
        asPartner(partner).body(Map.of("editionId", product.otherEditionId(), "items", List.of(Map.of("unit", "USER", "quantity", 3))))
                .put(one).then().statusCode(202).body("editionCode", equalTo("BASIC"))
                .body("pendingChange.editionCode", equalTo("PREMIUM"));
        asPartner(partner).body(Map.of("items", List.of(Map.of("unit", "USER", "quantity", 4))))
                .put("/api/billing/v1/subscriptions/" + id).then().statusCode(409).body("code", equalTo("INVALID_STATE"));
        asPartner(partner).delete(one).then().statusCode(409);
        JsonNode change = event("SUBSCRIPTION_CHANGE", id).path("payload");
        assertEquals("PREMIUM", change.path("order").path("editionCode").asText());
        assertEquals(3, change.path("order").path("items").path(0).path("quantity").asInt());
        assertEquals("acct-9", change.path("account").path("accountIdentifier").asText());

        publishResult(partner, id, "SUBSCRIPTION_CHANGE", true, null, null, null, null);
        long deadline = System.currentTimeMillis() + 30000;
        String code = null;
        while (System.currentTimeMillis() < deadline && !"PREMIUM".equals(code)) {
            code = asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().extract().path("editionCode");
        }
        asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().body("editionCode", equalTo("PREMIUM"))
                .body("items[0].quantity", equalTo(3)).body("pendingChange", nullValue()).body("status", equalTo("ACTIVE"));
    }

    @Test
    void usersAreAssignedAndUnassignedThroughTheVendor() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        String id = create(product);
        String assignments = "/api/billing/v1/subscriptions/" + id + "/assignments";
        UUID bo = UUID.randomUUID();
        Map<String, Object> body = Map.of("uuid", bo.toString(), "email", "bo@acme.example", "firstName", "Bo", "lastName", "Ek");
        asPartner(partner).body(body).post(assignments).then().statusCode(409);
        publishResult(partner, id, "SUBSCRIPTION_ORDER", true, "acct-1", null, null, null);
        awaitStatus(partner, id, "ACTIVE");

        asPartner(partner).body(Map.of("uuid", "x", "email", "nope")).post(assignments).then().statusCode(400)
                .body("message", containsString("uuid")).body("message", containsString("email"));
        asPartner(partner).body(body).post(assignments).then().statusCode(202).body("status", equalTo("PENDING_REMOTE_ASSIGNMENT"));
        asPartner(partner).body(body).post(assignments).then().statusCode(409).body("code", equalTo("ALREADY_ASSIGNED"));
        JsonNode assignedEvent = event("USER_ASSIGNMENT", id).path("payload");
        assertEquals(bo.toString(), assignedEvent.path("userUuid").asText());
        JsonNode assigned = assignedEvent;
        assertEquals(bo.toString(), assigned.path("user").path("uuid").asText());
        assertEquals("bo@acme.example", assigned.path("user").path("email").asText());
        assertEquals("acct-1", assigned.path("account").path("accountIdentifier").asText());
        assertEquals("Acme", assigned.path("company").path("name").asText());

        publishResult(partner, id, "USER_ASSIGNMENT", true, null, null, null, bo.toString());
        long deadline = System.currentTimeMillis() + 30000;
        while (System.currentTimeMillis() < deadline && !"ASSIGNED".equals(
                asPartner(partner).get(assignments).then().extract().path("[0].status"))) {
            Thread.onSpinWait();
        }
        asPartner(partner).get(assignments).then().statusCode(200).body("$", hasSize(1)).body("[0].status", equalTo("ASSIGNED"));
        // what account-service asks before removing a membership
        String entitlements = "/internal/v1/companies/%s/users/%s/entitlements";
        as(accountService(partner)).get(entitlements.formatted(company, bo)).then().statusCode(200)
                .body("activeSubscriptions", equalTo(0)).body("activeAssignments", equalTo(1));
        as(accountService(partner)).get(entitlements.formatted(company, user)).then().statusCode(200)
                .body("activeSubscriptions", equalTo(1)).body("activeAssignments", equalTo(0));
        as(accountService(partner)).get(entitlements.formatted(UUID.randomUUID(), bo)).then().statusCode(200)
                .body("activeAssignments", equalTo(0));
        asPartner(partner).get(entitlements.formatted(company, bo)).then().statusCode(403);
        as(InternalTokens.bearer(partner, Roles.SYS_ADMIN)).get(entitlements.formatted(company, bo)).then().statusCode(403);

        asPartner(partner).delete(assignments + "/" + UUID.randomUUID()).then().statusCode(404);
        asPartner(partner).delete(assignments + "/" + bo).then().statusCode(202).body("status", equalTo("PENDING_REMOTE_UNASSIGNMENT"));
        asPartner(partner).delete(assignments + "/" + bo).then().statusCode(409);
        assertEquals(bo.toString(), event("USER_UNASSIGNMENT", id).path("payload").path("user").path("uuid").asText());
        publishResult(partner, id, "USER_UNASSIGNMENT", true, null, null, null, bo.toString());
        long unassigned = System.currentTimeMillis() + 30000;
        while (System.currentTimeMillis() < unassigned && !"UNASSIGNED".equals(
                asPartner(partner).get(assignments).then().extract().path("[0].status"))) {
            Thread.onSpinWait();
        }
        asPartner(partner).get(assignments).then().body("[0].status", equalTo("UNASSIGNED"));
        as(accountService(partner)).get(entitlements.formatted(company, bo)).then().body("activeAssignments", equalTo(0));
    }

    private static long count(String sql) throws Exception {
        var config = ConfigProvider.getConfig();
        try (var c = DriverManager.getConnection(config.getValue("quarkus.datasource.jdbc.url", String.class),
                config.getValue("quarkus.datasource.username", String.class),
                config.getValue("quarkus.datasource.password", String.class));
                var q = c.createStatement(); ResultSet rs = q.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
