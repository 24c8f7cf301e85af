package dev.marketplace.catalog.product;

import static dev.marketplace.catalog.CatalogFixtures.as;
import static dev.marketplace.catalog.CatalogFixtures.asAdmin;
import static dev.marketplace.catalog.CatalogFixtures.createProduct;
import static dev.marketplace.catalog.CatalogFixtures.developer;
import static dev.marketplace.catalog.CatalogFixtures.edition;
import static dev.marketplace.catalog.CatalogFixtures.newPartner;
import static dev.marketplace.catalog.CatalogFixtures.plan;
import static dev.marketplace.catalog.CatalogFixtures.vendor;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.testkit.DomainEvents;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

@QuarkusTest
class ProductApiTest {
    private final String partner = newPartner();

    @Test
    void createsAProductWithEditionsPlansAndCredentialsShownOnce() {
        JsonPath created = createProduct(partner, List.of());
        long id = created.getLong("id");
        assertEquals("Task Pro", created.getString("name"));
        assertEquals("Tasky Inc", created.getString("vendorName"));
        assertEquals("BASIC", created.getString("editions[0].code"));
        assertEquals(2, created.getList("editions[0].plans").size());
        String key = created.getString("integration.consumerKey");
        String secret = created.getString("integration.consumerSecret");
        assertEquals(true, key.startsWith("task-pro-"));
        assertEquals(32, secret.length());

        asAdmin(partner).get("/api/marketplace/v1/products/" + id).then().statusCode(200)
                .body("name", equalTo("Task Pro"))
                .body("integration", nullValue())
                .body("editions[0].plans.frequency", hasItems("MONTHLY", "YEARLY"));

        var event = DomainEvents.await(e -> "PRODUCT_CREATED".equals(e.path("type").asText())
                && String.valueOf(id).equals(e.path("aggregate").path("id").asText()), Duration.ofSeconds(20));
        assertEquals(partner, event.path("partner").asText());
        assertEquals(key, event.path("payload").path("integration").path("consumerKey").asText());
        assertFalse(event.toString().contains(secret), "the secret never travels in events");
    }

    @Test
    void editionReadHasEverySpecField() {
        JsonPath created = createProduct(partner, List.of());
        long id = created.getLong("id");
        long editionId = created.getLong("editions[0].id");
        as(InternalTokens.bearer(partner, Roles.USER))
                .get("/api/marketplace/v1/products/" + id + "/editions/" + editionId).then().statusCode(200)
                .body("id", equalTo((int) editionId))
                .body("uuid", notNullValue())
                .body("rank", equalTo(1))
                .body("name", equalTo("Edition BASIC"))
                .body("primary", equalTo(true))
                .body("trial.length", equalTo(1))
                .body("trial.unit", equalTo("MONTH"))
                .body("expiredTrialGracePeriod", nullValue())
                .body("bundleOnly", equalTo(false))
                .body("code", equalTo("BASIC"))
                .body("defaultFreeTrial", equalTo(false))
                .body("invisible", equalTo(false))
                .body("leadGen", equalTo(false))
                .body("lastModified", notNullValue())
                .body("revenueType", equalTo("RECURRING"))
                .body("restricted", equalTo(false))
                .body("freeTrialDuration", equalTo(30))
                .body("freeTrialType", equalTo("DAY"))
                .body("customerContractRestricted", equalTo(false))
                .body("plans", hasSize(2))
                .body("plans[0].frequency", equalTo("MONTHLY"))
                .body("plans[0].href", containsString("/api/marketplace/v1/products/" + id + "/editions/" + editionId + "/paymentPlans/"))
                .body("plans[0].costs[0].unit", equalTo("USER"))
                .body("plans[0].costs[0].maxUnits", equalTo(100))
                .body("plans[0].costs[0].amount.USD", equalTo(10))
                .body("bullets[0].content", equalTo("Unlimited projects"))
                .body("items[0].unit", equalTo("GIGABYTE"))
                .body("customizations[0].value", equalTo("blue"));

        as(InternalTokens.bearer(partner, Roles.USER)).get("/api/marketplace/v1/products/" + id + "/editions/999999999")
                .then().statusCode(404).body("code", equalTo("NOT_FOUND"));
        as(InternalTokens.bearer(partner, Roles.USER)).get("/api/marketplace/v1/products/999999999/editions/" + editionId)
                .then().statusCode(404);
        as(InternalTokens.bearer(partner, Roles.USER)).get("/api/marketplace/v1/products/abc/editions/" + editionId)
                .then().statusCode(400).body("message", containsString("applicationId"));
        as(InternalTokens.bearer(newPartner(), Roles.PARTNER))
                .get("/api/marketplace/v1/products/" + id + "/editions/" + editionId).then().statusCode(404);
        given().get("/api/marketplace/v1/products/" + id + "/editions/" + editionId).then().statusCode(403);
    }

    @Test
    void refusesInvalidBodiesNamingEveryField() {
        asAdmin(partner).body(Map.of("description", "x", "developers", List.of("nope"),
                "editions", List.of(Map.of("code", "A", "name", "A", "plans", List.of(Map.of("frequency", "MONTHLY",
                        "costs", List.of(Map.of("unit", "USER", "amount", Map.of("XXX", 1))))))))).post("/api/marketplace/v1/products")
                .then().statusCode(400)
                .body("message", containsString("name: is required"))
                .body("message", containsString("developers[0]"))
                .body("message", containsString("editions[0].plans[0].costs[0].amount.XXX"));
        asAdmin(partner).body(Map.of("name", "X", "editions", List.of(Map.of("code", "A", "name", "A",
                "plans", List.of(Map.of("frequency", "WEEKLY", "costs", List.of())))))).post("/api/marketplace/v1/products")
                .then().statusCode(400).body("message", containsString("frequency"));
        asAdmin(partner).body(Map.of("name", "X", "colour", "red")).post("/api/marketplace/v1/products")
                .then().statusCode(400).body("message", containsString("colour"));
        asAdmin(partner).body(Map.of("name", "X", "editions", List.of(edition("A"), edition("A"))))
                .post("/api/marketplace/v1/products").then().statusCode(400).body("message", containsString("editions[1].code"));
        // nothing was written: the partner has no product
        asAdmin(partner).get("/api/marketplace/v1/products").then().statusCode(200).body("page.totalElements", equalTo(0));
    }

    @Test
    void rolesAndTenancyOfTheAdministrativeApi() {
        UUID dev = UUID.randomUUID();
        JsonPath created = createProduct(partner, List.of(dev.toString()));
        long id = created.getLong("id");
        String path = "/api/marketplace/v1/products/" + id;
        Map<String, Object> update = Map.of("name", "Task Pro 2", "developers", List.of(dev.toString()));

        // the product's developer manages it
        as(developer(partner, dev)).body(update).put(path).then().statusCode(200).body("name", equalTo("Task Pro 2"));
        // another developer, a plain user, read-only partner credentials and the vendor may not
        as(developer(partner, UUID.randomUUID())).body(update).put(path).then().statusCode(403).body("code", equalTo("FORBIDDEN"));
        as(InternalTokens.bearerAsUser(partner, dev, Roles.USER)).body(update).put(path).then().statusCode(403);
        as(InternalTokens.bearer(partner, Roles.PARTNER_READ)).body(update).put(path).then().statusCode(403);
        as(vendor(partner, id)).body(update).put(path).then().statusCode(403);
        // (another marketplace's administrator: anotherMarketplacesProductIsAsUnknownAsAMissingOne)
        as(InternalTokens.bearer(partner, Roles.USER)).body(Map.of("name", "Nope")).post("/api/marketplace/v1/products")
                .then().statusCode(403);

        // reads: partner-read and the product's own vendor yes, a vendor of another product no
        as(InternalTokens.bearer(partner, Roles.PARTNER_READ)).get(path).then().statusCode(200).body("name", equalTo("Task Pro 2"));
        as(vendor(partner, id)).get(path).then().statusCode(200);
        as(vendor(partner, id + 1000)).get(path).then().statusCode(403);
        asAdmin(partner).get("/api/marketplace/v1/products/999999999").then().statusCode(404);

        // a developer creates a product and becomes its developer; the list shows a developer only their products
        UUID other = UUID.randomUUID();
        long own = as(developer(partner, other)).body(Map.of("name", "Dev Tool")).post("/api/marketplace/v1/products")
                .then().statusCode(201).body("developers", hasItems(other.toString())).extract().jsonPath().getLong("id");
        as(developer(partner, other)).get("/api/marketplace/v1/products").then().statusCode(200)
                .body("content.id", equalTo(List.of((int) own)));
        asAdmin(partner).queryParam("size", 1).get("/api/marketplace/v1/products").then().statusCode(200)
                .body("page.totalElements", equalTo(2)).body("page.totalPages", equalTo(2))
                .body("links.rel", hasItems("self", "next"));
    }

    /**
     * Another marketplace's product, and its editions and plans, answer exactly as an unknown product id (404 NOT_FOUND,
     * the same message but for the id), whatever the endpoint: ids are one sequence for every marketplace, and a 403
     * told which were taken elsewhere. Same-marketplace permission refusals stay 403 (rolesAndTenancyOfTheAdministrativeApi).
     */
    @Test
    void anotherMarketplacesProductIsAsUnknownAsAMissingOne() {
        JsonPath created = createProduct(partner, List.of());
        long theirs = created.getLong("id");
        long edition = created.getLong("editions[0].id");
        long plan = created.getLong("editions[0].plans[0].id");
        String rivalPartner = newPartner();
        String rival = InternalTokens.bearer(rivalPartner, Roles.CHANNEL_ADMIN, Roles.PARTNER);
        Map<String, Object> update = Map.of("name", "Taken");
        Map<String, Object> premium = new java.util.HashMap<>(edition("PREMIUM"));
        premium.remove("plans");
        for (long id : List.of(theirs, 999999999L)) {
            String product = "/api/marketplace/v1/products/" + id;
            String message = "Product " + id + " was not found";
            List<io.restassured.response.Response> answers = List.of(
                    as(rival).get(product),
                    as(rival).body(update).put(product),
                    as(rival).post(product + "/publication"),
                    as(rival).delete(product + "/publication"),
                    as(rival).body(premium).post(product + "/editions"),
                    as(rival).get(product + "/editions/" + edition),
                    as(rival).body(premium).put(product + "/editions/" + edition),
                    as(rival).body(plan("QUARTERLY", 5)).post(product + "/editions/" + edition + "/paymentPlans"),
                    as(rival).get(product + "/editions/" + edition + "/paymentPlans/" + plan),
                    as(vendor(rivalPartner, id)).get(product));
            for (var answer : answers) {
                answer.then().statusCode(404).body("code", equalTo("NOT_FOUND")).body("message", equalTo(message));
            }
        }
        // nothing changed
        asAdmin(partner).get("/api/marketplace/v1/products/" + theirs).then().statusCode(200)
                .body("name", equalTo("Task Pro")).body("editions", hasSize(1));
    }

    @Test
    void editionsAndPlansAreAddedAndUpdated() {
        UUID dev = UUID.randomUUID();
        long id = createProduct(partner, List.of(dev.toString())).getLong("id");
        String editions = "/api/marketplace/v1/products/" + id + "/editions";
        Map<String, Object> premium = new java.util.HashMap<>(edition("PREMIUM"));
        premium.remove("plans");
        long editionId = as(developer(partner, dev)).body(premium).post(editions).then().statusCode(201)
                .header("Location", containsString(editions + "/")).body("code", equalTo("PREMIUM"))
                .body("plans", hasSize(0)).extract().jsonPath().getLong("id");
        asAdmin(partner).body(premium).post(editions).then().statusCode(409).body("code", equalTo("DUPLICATE_EDITION_CODE"));

        String planPath = editions + "/" + editionId + "/paymentPlans";
        long planId = asAdmin(partner).body(plan("QUARTERLY", 25)).post(planPath).then().statusCode(201)
                .body("frequency", equalTo("QUARTERLY")).body("costs[0].amount.USD", equalTo(25))
                .extract().jsonPath().getLong("id");
        as(InternalTokens.bearer(partner, Roles.USER)).get(planPath + "/" + planId).then().statusCode(200)
                .body("id", equalTo((int) planId));
        asAdmin(partner).body(Map.of("frequency", "MONTHLY")).post(planPath).then().statusCode(400)
                .body("message", containsString("costs"));
        as(developer(partner, UUID.randomUUID())).body(plan("MONTHLY", 1)).post(planPath).then().statusCode(403);

        Map<String, Object> renamed = new java.util.HashMap<>(premium);
        renamed.put("name", "Premium+");
        renamed.put("invisible", true);
        asAdmin(partner).body(renamed).put(editions + "/" + editionId).then().statusCode(200)
                .body("name", equalTo("Premium+")).body("invisible", equalTo(true)).body("plans", hasSize(1));
        renamed.put("code", "BASIC");
        asAdmin(partner).body(renamed).put(editions + "/" + editionId).then().statusCode(409);
        asAdmin(partner).body(Map.of("code", "X", "name", "X", "plans", List.of(plan("MONTHLY", 1))))
                .put(editions + "/" + editionId).then().statusCode(400).body("message", containsString("plans"));

        var event = DomainEvents.await(e -> "PAYMENT_PLAN_CREATED".equals(e.path("type").asText())
                && e.path("payload").path("plan").path("id").asLong() == planId, Duration.ofSeconds(20));
        assertEquals(editionId, event.path("payload").path("editionId").asLong());
    }
}
