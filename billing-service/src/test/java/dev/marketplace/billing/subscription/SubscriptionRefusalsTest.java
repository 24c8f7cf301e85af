package dev.marketplace.billing.subscription;

import static dev.marketplace.billing.BillingFixtures.as;
import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.buyer;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.with;
import static dev.marketplace.billing.BillingFixtures.order;
import static dev.marketplace.billing.BillingFixtures.path;
import static dev.marketplace.billing.BillingFixtures.vendor;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.FakeCatalog;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class SubscriptionRefusalsTest {
    private final String partner = newPartner();
    private final UUID company = UUID.randomUUID();
    private final UUID user = UUID.randomUUID();


    @Test
    void invalidOrdersAreRefusedNamingTheFieldAndWriteNothing() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        Map<String, Object> good = order(product, 5);
        String url = buyer(partner, company, user);

        asPartner(partner).body(Map.of("items", List.of(Map.of("unit", "user", "quantity", 0)), "user", Map.of("email", "x")))
                .post(url).then().statusCode(400)
                .body("message", containsString("productId")).body("message", containsString("editionId"))
                .body("message", containsString("items[0].unit")).body("message", containsString("items[0].quantity"))
                .body("message", containsString("company.name")).body("message", containsString("user.email"));
        asPartner(partner).body(with(good, "colour", "red")).post(url).then().statusCode(400).body("message", containsString("colour"));
        asPartner(partner).body(with(good, "productId", "abc")).post(url).then().statusCode(400).body("message", containsString("productId"));
        asPartner(partner).body(with(good, "productId", 987654321)).post(url).then().statusCode(400)
                .body("message", containsString("productId"));
        asPartner(partner).body(with(good, "editionId", 987654321)).post(url).then().statusCode(400)
                .body("message", containsString("editionId"));
        asPartner(partner).body(with(good, "paymentPlanId", 987654321)).post(url).then().statusCode(400)
                .body("message", containsString("paymentPlanId"));
        asPartner(partner).body(with(good, "items", List.of(Map.of("unit", "GIGABYTE", "quantity", 1)))).post(url).then()
                .statusCode(400).body("message", containsString("items[0].unit"));
        asPartner(partner).body(with(good, "items", List.of(Map.of("unit", "USER", "quantity", 11)))).post(url).then()
                .statusCode(400).body("message", containsString("items[0].quantity: must be between 1 and 10"));
        asPartner(partner).body(good).post("/api/billing/v1/companies/nope/users/" + user + "/subscriptions").then()
                .statusCode(400).body("message", containsString("companyUuid"));
        asPartner(partner).body(good).post("/api/billing/v1/companies/" + company + "/users/nope/subscriptions").then()
                .statusCode(400).body("message", containsString("userUuid"));
        // a product of another marketplace is unknown here
        FakeCatalog.Product foreign = FakeCatalog.register(newPartner(), false, true);
        asPartner(partner).body(order(foreign, 1)).post(url).then().statusCode(400).body("message", containsString("productId"));
        // a product whose vendor has no order URL cannot be ordered
        FakeCatalog.Product unintegrated = FakeCatalog.register(partner, false, false);
        asPartner(partner).body(order(unintegrated, 1)).post(url).then().statusCode(409).body("code", equalTo("VENDOR_NOT_INTEGRATED"));

        // catalog-service failing: 503 in the shared error body, nothing written
        asPartner(partner).body(with(good, "productId", FakeCatalog.BROKEN)).post(url).then().statusCode(503)
                .body("code", equalTo("CATALOG_UNAVAILABLE")).body("message", org.hamcrest.Matchers.not(containsString("500")));

        asPartner(partner).get(url).then().statusCode(200).body("$", hasSize(0));
        asPartner(partner).get("/api/billing/v1/orders").then().statusCode(200).header("X-Total-Count", "0");
    }

    @Test
    void onlyChannelCredentialsOrTheBuyingUserMayOrderAndManage() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        String url = buyer(partner, company, user);
        as(InternalTokens.bearer(partner, Roles.PARTNER_READ)).body(order(product, 1)).post(url).then().statusCode(403)
                .body("code", equalTo("FORBIDDEN"));
        as(InternalTokens.bearerAsUser(partner, UUID.randomUUID(), Roles.USER)).body(order(product, 1)).post(url).then().statusCode(403);
        as(InternalTokens.bearerAsUser(partner, user, Roles.DEVELOPER)).body(order(product, 1)).post(url).then().statusCode(403);
        as(vendor(partner, product.id())).body(order(product, 1)).post(url).then().statusCode(403);
        given().contentType("application/json").body(order(product, 1)).post(url).then().statusCode(403);

        String id = as(InternalTokens.bearerAsUser(partner, user, Roles.USER)).body(order(product, 1)).post(url).then()
                .statusCode(201).extract().path("id");
        String one = "/api/billing/v1/subscriptions/" + id;

        as(InternalTokens.bearerAsUser(partner, user, Roles.USER)).get(one).then().statusCode(200);
        as(InternalTokens.bearer(partner, Roles.PARTNER_READ)).get(one).then().statusCode(200);
        as(vendor(partner, product.id())).get(one).then().statusCode(200).body("id", equalTo(id));
        as(vendor(partner, product.id() + 1)).get(one).then().statusCode(403);
        as(InternalTokens.bearerAsUser(partner, UUID.randomUUID(), Roles.SYS_ADMIN)).get(one).then().statusCode(403);
        asPartner(partner).get("/api/billing/v1/subscriptions/" + UUID.randomUUID()).then().statusCode(404);
        asPartner(partner).get("/api/billing/v1/subscriptions/not-a-uuid").then().statusCode(400)
                .body("message", containsString("subscriptionId"));
        asPartner(partner).get(path(company, UUID.randomUUID()) + "/" + id).then().statusCode(404);
        asPartner(partner).get(url + "/" + id).then().statusCode(200).body("status", equalTo("PENDING_REMOTE_CREATION"));

        as(InternalTokens.bearer(partner, Roles.PARTNER_READ)).delete(url + "/" + id).then().statusCode(403);
        as(vendor(partner, product.id())).delete(url + "/" + id).then().statusCode(403);
        // not yet active: nothing to cancel
        as(InternalTokens.bearerAsUser(partner, user, Roles.USER)).delete(url + "/" + id).then().statusCode(409);
    }

    @Test
    void assignmentsAndChangesAreRefusedToOtherCallers() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        String id = asPartner(partner).body(order(product, 1)).post(buyer(partner, company, user)).then().statusCode(201)
                .extract().path("id");
        dev.marketplace.billing.BillingFixtures.activate(partner, id, "acct-r");
        String assignments = "/api/billing/v1/subscriptions/" + id + "/assignments";
        String one = path(company, user) + "/" + id;
        Map<String, Object> bo = Map.of("uuid", UUID.randomUUID().toString(), "email", "bo@acme.example");
        String reader = InternalTokens.bearer(partner, Roles.PARTNER_READ);
        String stranger = InternalTokens.bearerAsUser(partner, UUID.randomUUID(), Roles.USER);

        // (another marketplace: anotherMarketplacesSubscriptionIsAsUnknownAsAMissingOne)
        for (String caller : List.of(reader, stranger, vendor(partner, product.id()))) {
            as(caller).body(bo).post(assignments).then().statusCode(403).body("code", equalTo("FORBIDDEN"));
            as(caller).body(Map.of("editionId", product.otherEditionId())).put(one).then().statusCode(403);
            as(caller).delete("/api/billing/v1/subscriptions/" + id).then().statusCode(403);
        }
        given().contentType("application/json").body(bo).post(assignments).then().statusCode(403);
        as(stranger).get(assignments).then().statusCode(403);
        as(vendor(partner, product.id() + 1)).get(assignments).then().statusCode(403);
        as(vendor(partner, product.id())).get(assignments).then().statusCode(200).body("$", hasSize(0));

        // the buyer assigns; others cannot unassign
        as(InternalTokens.bearerAsUser(partner, user, Roles.USER)).body(bo).post(assignments).then().statusCode(202);
        as(reader).delete(assignments + "/" + bo.get("uuid")).then().statusCode(403);
        as(reader).get(assignments).then().statusCode(200).body("[0].status", equalTo("PENDING_REMOTE_ASSIGNMENT"));
    }

    /**
     * Another marketplace's subscription answers every endpoint exactly as an unknown id (404 NOT_FOUND, the same
     * message but for the id); the old code loaded it and answered 403, telling which ids were taken elsewhere.
     * A caller of the subscription's own marketplace without the right stays a 403 (the tests above).
     */
    @Test
    void anotherMarketplacesSubscriptionIsAsUnknownAsAMissingOne() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        String theirs = asPartner(partner).body(order(product, 1)).post(buyer(partner, company, user)).then().statusCode(201)
                .extract().path("id");
        dev.marketplace.billing.BillingFixtures.activate(partner, theirs, "acct-o");
        String rival = newPartner();
        String foreign = InternalTokens.bearer(rival, Roles.PARTNER, Roles.CHANNEL_ADMIN);
        Map<String, Object> bo = Map.of("uuid", UUID.randomUUID().toString(), "email", "bo@acme.example");
        for (String id : List.of(theirs, UUID.randomUUID().toString())) {
            String message = "Subscription " + id + " was not found";
            String assignments = "/api/billing/v1/subscriptions/" + id + "/assignments";
            for (var answer : List.of(as(foreign).get("/api/billing/v1/subscriptions/" + id),
                    as(foreign).get(path(company, user) + "/" + id),
                    as(foreign).body(Map.of("editionId", product.otherEditionId())).put(path(company, user) + "/" + id),
                    as(foreign).delete(path(company, user) + "/" + id),
                    as(foreign).delete("/api/billing/v1/subscriptions/" + id),
                    as(foreign).get(assignments),
                    as(foreign).body(bo).post(assignments),
                    as(foreign).delete(assignments + "/" + bo.get("uuid")),
                    as(vendor(rival, product.id())).get("/api/billing/v1/subscriptions/" + id))) {
                answer.then().statusCode(404).body("code", equalTo("NOT_FOUND")).body("message", equalTo(message));
            }
        }
        asPartner(partner).get("/api/billing/v1/subscriptions/" + theirs).then().statusCode(200)
                .body("status", equalTo("ACTIVE"));
        asPartner(partner).get("/api/billing/v1/subscriptions/" + theirs + "/assignments").then().statusCode(200)
                .body("$", hasSize(0));
    }

    @Test
    void concurrentCancelsLetExactlyOneThroughAndNeverFail() throws Exception {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        String id = asPartner(partner).body(order(product, 1)).post(buyer(partner, company, user)).then().statusCode(201)
                .extract().path("id");
        dev.marketplace.billing.BillingFixtures.activate(partner, id, "acct-c");
        var pool = java.util.concurrent.Executors.newFixedThreadPool(8);
        try {
            List<java.util.concurrent.Future<Integer>> answers = new java.util.ArrayList<>();
            for (int i = 0; i < 8; i++) {
                answers.add(pool.submit(() -> asPartner(partner).delete("/api/billing/v1/subscriptions/" + id).statusCode()));
            }
            List<Integer> codes = new java.util.ArrayList<>();
            for (var answer : answers) {
                codes.add(answer.get());
            }
            org.junit.jupiter.api.Assertions.assertEquals(1, codes.stream().filter(c -> c == 202).count(), codes.toString());
            org.junit.jupiter.api.Assertions.assertTrue(codes.stream().allMatch(c -> c == 202 || c == 409), codes.toString());
        } finally {
            pool.shutdownNow();
        }
        // and exactly one cancellation event was written for the vendor
        var config = org.eclipse.microprofile.config.ConfigProvider.getConfig();
        try (var c = java.sql.DriverManager.getConnection(config.getValue("quarkus.datasource.jdbc.url", String.class),
                config.getValue("quarkus.datasource.username", String.class),
                config.getValue("quarkus.datasource.password", String.class));
                var q = c.prepareStatement("select count(*) from outbox_event where type = 'SUBSCRIPTION_CANCEL' and aggregate_id = ?")) {
            q.setString(1, id);
            try (var rs = q.executeQuery()) {
                rs.next();
                org.junit.jupiter.api.Assertions.assertEquals(1, rs.getLong(1));
            }
        }
    }
}
