package dev.marketplace.billing.discount;

import static dev.marketplace.billing.BillingFixtures.as;
import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.with;
import static dev.marketplace.billing.BillingFixtures.vendor;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.FakeCatalog;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

@QuarkusTest
class DiscountApiTest {
    private static final String DISCOUNTS = "/api/channel/v1/discounts";
    private final String partner = newPartner();

    private static Map<String, Object> percentage(String code, double percent) {
        Map<String, Object> body = new HashMap<>();
        body.put("code", code);
        body.put("description", "Spring sale");
        body.put("type", "PERCENTAGE");
        body.put("percentage", percent);
        return body;
    }


    @Test
    void createsReadsUpdatesListsAndDeletesByIdOrUuid() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        Map<String, Object> body = percentage("SPRING10", 10.5);
        body.put("applicationId", product.id());
        body.put("editionId", product.editionId());
        body.put("paymentPlanId", product.monthlyPlanId());
        body.put("maxRedemptions", 100);
        body.put("minUnits", 1);
        body.put("maxUnits", 50);
        body.put("unit", "USER");
        body.put("expirationDate", System.currentTimeMillis() + 86_400_000L);
        JsonPath created = asPartner(partner).body(body).post(DISCOUNTS).then().statusCode(201)
                .header("Location", containsString(DISCOUNTS + "/"))
                .body("code", equalTo("SPRING10")).body("type", equalTo("PERCENTAGE")).body("percentage", equalTo(10.5f))
                .body("redemptions", equalTo(0)).body("autoApply", equalTo(true)).body("retainable", equalTo(false))
                .body("redemptionRestriction", equalTo("NONE")).body("applicationUuid", equalTo(product.applicationUuid()))
                .body("applicationName", equalTo("Task Pro " + product.id())).body("editionUuid", notNullValue())
                .body("paymentPlanUuid", notNullValue()).body("discountValue", nullValue()).body("createdOn", notNullValue())
                .extract().jsonPath();
        long id = created.getLong("id");
        String uuid = created.getString("uuid");
        asPartner(partner).get(DISCOUNTS + "/" + id).then().statusCode(200).body("uuid", equalTo(uuid));
        asPartner(partner).get(DISCOUNTS + "/" + uuid).then().statusCode(200).body("id", equalTo((int) id));
        as(InternalTokens.bearer(partner, Roles.PARTNER_READ)).get(DISCOUNTS + "/" + uuid).then().statusCode(200);

        // a client may send back what it read, with a change
        Map<String, Object> read = asPartner(partner).get(DISCOUNTS + "/" + id).then().extract().jsonPath().getMap("$");
        read.put("description", "Spring sale, extended");
        read.put("redemptions", 99); // read-only: ignored
        asPartner(partner).body(read).put(DISCOUNTS + "/" + uuid).then().statusCode(200)
                .body("description", equalTo("Spring sale, extended")).body("redemptions", equalTo(0));

        asPartner(partner).body(with(percentage("AUTUMN", 5), "percentage", 5)).post(DISCOUNTS).then().statusCode(201);
        Map<String, Object> flat = new HashMap<>(Map.of("code", "FLAT1", "description", "Fixed final", "type", "FLAT",
                "discountValue", 0, "currency", "USD"));
        asPartner(partner).body(flat).post(DISCOUNTS).then().statusCode(201).body("discountValue", equalTo(0));
        asPartner(partner).body(Map.of("description", "No code here", "type", "FIXED_PRICE", "price", 3, "currency", "USD"))
                .post(DISCOUNTS)
                .then().statusCode(201).body("code", nullValue());

        asPartner(partner).get(DISCOUNTS).then().statusCode(200).header("X-Total-Count", "4").body("$", hasSize(4))
                .body("[0].code", equalTo("SPRING10")); // CREATED_ON ascending by default
        asPartner(partner).get(DISCOUNTS + "?sortField=CODE&sortOrder=DESC").then().statusCode(200)
                .body("[0].code", equalTo("SPRING10")).body("[3].code", nullValue());
        asPartner(partner).get(DISCOUNTS + "?code=spring10").then().statusCode(200).header("X-Total-Count", "1")
                .body("[0].id", equalTo((int) id));
        asPartner(partner).get(DISCOUNTS + "?start=1&count=2").then().statusCode(200).header("X-Total-Count", "4")
                .body("$", hasSize(2)).body("[0].code", equalTo("AUTUMN"));
        for (String sort : List.of("APPLICATION", "CHANNEL", "CODE", "CREATED_ON", "END_DATE", "REDEMPTIONS", "START_DATE")) {
            asPartner(partner).get(DISCOUNTS + "?sortField=" + sort).then().statusCode(200).header("X-Total-Count", "4");
        }
        asPartner(newPartner()).get(DISCOUNTS).then().statusCode(200).header("X-Total-Count", "0");

        asPartner(partner).delete(DISCOUNTS + "/" + uuid).then().statusCode(204);
        asPartner(partner).get(DISCOUNTS + "/" + id).then().statusCode(404);
        asPartner(partner).delete(DISCOUNTS + "/" + id).then().statusCode(404);
        asPartner(partner).get(DISCOUNTS).then().header("X-Total-Count", "3");
        // its code is free again
        asPartner(partner).body(percentage("spring10", 10)).post(DISCOUNTS).then().statusCode(201);
    }

    @Test
    void everyRuleIsA400NamingTheFieldAndDuplicatesAre409() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        Map<String, Object> good = percentage("GOOD1", 10);
        assertRefused(with(good, "code", "abc"), "code: must be 4 to 103 characters");
        assertRefused(with(good, "code", "x".repeat(104)), "code: must be 4 to 103 characters");
        assertRefused(with(good, "description", "abc"), "description: must be 4 to 255 characters");
        assertRefused(with(good, "description", "d".repeat(256)), "description: must be 4 to 255 characters");
        assertRefused(with(good, "description", null), "description: is required");
        assertRefused(with(good, "type", null), "type: is required");
        assertRefused(with(good, "type", "BOGO"), "type: must be one of PERCENTAGE, FIXED_PRICE, FLAT");
        assertRefused(with(good, "percentage", 10.125), "percentage: must have at most two decimal places");
        assertRefused(with(good, "percentage", null), "percentage: is required for a PERCENTAGE discount");
        assertRefused(with(good, "discountValue", 3), "discountValue: must not be set for a PERCENTAGE discount");
        Map<String, Object> flat = Map.of("description", "Flat price", "type", "FLAT");
        assertRefused(flat, "discountValue: is required for a FLAT discount");
        assertRefused(with(flat, "discountValue", -1), "discountValue: must be 0 or more");
        Map<String, Object> fixed = Map.of("description", "Fixed off", "type", "FIXED_PRICE", "price", 5);
        assertRefused(with(fixed, "discountValue", 1), "discountValue: must not be set for a FIXED_PRICE discount");
        assertRefused(with(good, "expirationDate", System.currentTimeMillis() - 1000), "expirationDate: must lie in the future");
        Map<String, Object> units = with(with(good, "minUnits", 10), "maxUnits", 5);
        assertRefused(units, "minUnits: must not exceed maxUnits");
        assertRefused(with(good, "editionId", product.editionId()), "applicationId: is required with editionId");
        assertRefused(with(good, "applicationId", 987654321), "applicationId: no application 987654321 in this marketplace");
        Map<String, Object> app = with(good, "applicationId", product.id());
        assertRefused(with(app, "editionId", 987654321), "editionId: application " + product.id() + " has no edition 987654321");
        Map<String, Object> edition = with(app, "editionId", product.editionId());
        assertRefused(with(edition, "paymentPlanId", 987654321), "paymentPlanId: edition " + product.editionId() + " has no plan");
        // another marketplace's product is unknown here
        FakeCatalog.Product foreign = FakeCatalog.register(newPartner(), false, true);
        assertRefused(with(good, "applicationId", foreign.id()), "applicationId: no application");
        assertRefused(with(good, "colour", "red"), "colour: is not a known property");
        // several at once
        asPartner(partner).body(Map.of("code", "ab", "type", "FLAT")).post(DISCOUNTS).then().statusCode(400)
                .body("message", containsString("code:")).body("message", containsString("description:"));

        asPartner(partner).body(with(good, "applicationId", FakeCatalog.BROKEN)).post(DISCOUNTS).then().statusCode(503)
                .body("code", equalTo("CATALOG_UNAVAILABLE"));
        asPartner(partner).get(DISCOUNTS).then().header("X-Total-Count", "0");

        String first = asPartner(partner).body(good).post(DISCOUNTS).then().statusCode(201).extract().path("uuid");
        asPartner(partner).body(with(good, "code", "good1")).post(DISCOUNTS).then().statusCode(409)
                .body("code", equalTo("DUPLICATE_CODE")).body("message", containsString("code:"));
        asPartner(partner).body(with(good, "code", "OTHER")).post(DISCOUNTS).then().statusCode(201);
        asPartner(partner).body(with(good, "code", "OTHER")).put(DISCOUNTS + "/" + first).then().statusCode(409);
        asPartner(partner).body(good).put(DISCOUNTS + "/" + first).then().statusCode(200); // its own code
        // the same code in another marketplace is fine
        asPartner(newPartner()).body(good).post(DISCOUNTS).then().statusCode(201);
        asPartner(partner).get(DISCOUNTS + "/abc").then().statusCode(400).body("message", containsString("discountId"));
        asPartner(partner).get(DISCOUNTS + "?count=0").then().statusCode(400).body("message", containsString("count"));
        asPartner(partner).get(DISCOUNTS + "?sortField=NAME").then().statusCode(400).body("message", containsString("sortField"));
    }

    @Test
    void onlyTheMarketplacesChannelManagesItsDiscounts() {
        String id = asPartner(partner).body(percentage("MINE1", 10)).post(DISCOUNTS).then().statusCode(201)
                .extract().path("uuid");
        String reader = InternalTokens.bearer(partner, Roles.PARTNER_READ);
        as(reader).body(percentage("READ1", 10)).post(DISCOUNTS).then().statusCode(403).body("code", equalTo("FORBIDDEN"));
        as(reader).body(percentage("MINE1", 20)).put(DISCOUNTS + "/" + id).then().statusCode(403);
        as(reader).delete(DISCOUNTS + "/" + id).then().statusCode(403);
        for (String stranger : List.of(InternalTokens.bearerAsUser(partner, UUID.randomUUID(), Roles.USER), vendor(partner, 5))) {
            as(stranger).get(DISCOUNTS + "/" + id).then().statusCode(403);
            as(stranger).delete(DISCOUNTS + "/" + id).then().statusCode(403);
            as(stranger).body(percentage("MINE1", 20)).put(DISCOUNTS + "/" + id).then().statusCode(403);
        }
        as(vendor(partner, 5)).get(DISCOUNTS).then().statusCode(403);
        asPartner(partner).get(DISCOUNTS + "/" + id).then().statusCode(200).body("percentage", equalTo(10));
    }

    /**
     * Another marketplace's discount, by id or uuid, answers exactly as one that does not exist (404 NOT_FOUND, the same
     * message but for the id): ids are one sequence for every marketplace, and a 403 told which were taken elsewhere.
     */
    @Test
    void anotherMarketplacesDiscountIsAsUnknownAsAMissingOne() {
        var created = asPartner(partner).body(percentage("THEIRS1", 10)).post(DISCOUNTS).then().statusCode(201)
                .extract().jsonPath();
        String rival = InternalTokens.bearer(newPartner(), Roles.PARTNER, Roles.CHANNEL_ADMIN);
        for (String ref : List.of(created.getString("id"), created.getString("uuid"), "999999999",
                UUID.randomUUID().toString())) {
            String message = "Discount " + ref + " was not found";
            as(rival).get(DISCOUNTS + "/" + ref).then().statusCode(404).body("code", equalTo("NOT_FOUND"))
                    .body("message", equalTo(message));
            as(rival).body(percentage("TAKEN1", 20)).put(DISCOUNTS + "/" + ref).then().statusCode(404)
                    .body("code", equalTo("NOT_FOUND")).body("message", equalTo(message));
            as(rival).delete(DISCOUNTS + "/" + ref).then().statusCode(404).body("code", equalTo("NOT_FOUND"))
                    .body("message", equalTo(message));
        }
        asPartner(partner).get(DISCOUNTS + "/" + created.getString("uuid")).then().statusCode(200)
                .body("code", equalTo("THEIRS1")).body("percentage", equalTo(10));
    }

    private void assertRefused(Map<String, Object> body, String message) {
        asPartner(partner).body(body).post(DISCOUNTS).then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                .body("message", containsString(message));
    }
}
