package dev.marketplace.account.company;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.account.DomainEvents;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

@QuarkusTest
class CompanyApiTest {
    private final String partner = "P" + UUID.randomUUID().toString().substring(0, 8);

    private RequestSpecification asPartner() {
        return given().header("Authorization", InternalTokens.bearer(partner, Roles.PARTNER)).contentType(ContentType.JSON);
    }

    private String create(Map<String, Object> body) {
        return asPartner().body(body).post("/api/account/v2/companies").then().statusCode(201).extract().path("uuid");
    }

    @Test
    void createsWithEveryCreateFieldAndTheFirstUser() {
        String externalId = "ext-" + UUID.randomUUID();
        var response = asPartner().body(Map.ofEntries(
                Map.entry("name", "Acme Corp"),
                Map.entry("externalId", externalId),
                Map.entry("companySize", "MEDIUM"),
                Map.entry("countryCode", "CA"),
                Map.entry("emailAddress", "info@acme.example"),
                Map.entry("website", "https://acme.example"),
                Map.entry("industry", "Sales"),
                Map.entry("phoneNumber", "+1 555 0100"),
                Map.entry("defaultRole", "USER"),
                Map.entry("vendor", true),
                Map.entry("reseller", false),
                Map.entry("referral", true),
                Map.entry("billingDayOfMonth", 15),
                Map.entry("thirtyDaysPurchaseLimitExempt", true),
                Map.entry("thirtyDaysPurchaseLimitOverrideAmt", 500.5),
                Map.entry("dailyPurchaseLimitExempt", true),
                Map.entry("dailyPurchaseLimitOverrideAmt", 20),
                Map.entry("onlyAdminsCanBuy", true),
                Map.entry("importAppsEnabled", true),
                Map.entry("address", Map.of("street1", "1 Main St", "city", "Montreal", "state", "QC", "zip", "H2X", "country", "CA")),
                Map.entry("customAttributes", List.of(Map.of("name", "region", "value", "east"),
                        Map.of("name", "tags", "valueKeys", List.of("a", "b")))),
                Map.entry("firstUser", Map.of("email", "boss-" + externalId + "@acme.example", "firstName", "Jo", "lastName", "Boss"))))
                .post("/api/account/v2/companies")
                .then().statusCode(201)
                .header("Location", containsString("/api/account/v2/companies/"))
                .body("name", equalTo("Acme Corp"))
                .body("enabled", equalTo(true))
                .body("allowLogin", equalTo(true))
                .body("companySize", equalTo("MEDIUM"))
                .body("countryCode", equalTo("CA"))
                .body("vendor", equalTo(true))
                .body("referral", equalTo(true))
                .body("billingDayOfMonth", equalTo(15))
                .body("thirtyDaysPurchaseLimitExempt", equalTo(true))
                .body("thirtyDaysPurchaseLimitOverrideAmt", equalTo(500.5f))
                .body("dailyPurchaseLimitOverrideAmt", equalTo(20))
                .body("onlyAdminsCanBuy", equalTo(true))
                .body("address.city", equalTo("Montreal"))
                .body("customAttributes.name", hasItems("region", "tags"))
                .body("customAttributes.find { it.name == 'tags' }.attributeType", equalTo("MULTISELECT"))
                .body("creationDate", notNullValue())
                .body("links.rel", hasItems("self", "memberships"))
                .extract();
        String uuid = response.path("uuid");

        var created = DomainEvents.await(e -> "COMPANY_CREATED".equals(e.path("type").asText())
                && uuid.equals(e.path("aggregate").path("id").asText()), Duration.ofSeconds(20));
        assertEquals(partner, created.path("partner").asText());
        assertEquals("Acme Corp", created.path("payload").path("name").asText());
        var membership = DomainEvents.await(e -> "MEMBERSHIP_CREATED".equals(e.path("type").asText())
                && uuid.equals(e.path("payload").path("companyUuid").asText()), Duration.ofSeconds(20));
        assertEquals("[\"ROLE_SYS_ADMIN\"]", membership.path("payload").path("roles").toString());
        assertEquals("ACTIVE", membership.path("payload").path("status").asText());
    }

    @Test
    void readsByUuidIdPrefixAndExternalId() {
        String externalId = "ext-" + UUID.randomUUID();
        String uuid = create(Map.of("name", "Lookup Co", "externalId", externalId));
        asPartner().get("/api/account/v2/companies/" + uuid).then().statusCode(200).body("uuid", equalTo(uuid));
        asPartner().get("/api/account/v2/companies/id:" + uuid).then().statusCode(200).body("uuid", equalTo(uuid));
        asPartner().get("/api/account/v2/companies/externalId:" + externalId).then().statusCode(200).body("uuid", equalTo(uuid));
        asPartner().get("/api/account/v2/companies/not-a-uuid").then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", containsString("companyUuid"));
        asPartner().get("/api/account/v2/companies/" + UUID.randomUUID()).then().statusCode(404).body("code", equalTo("NOT_FOUND"));
        asPartner().get("/api/account/v2/companies/externalId:missing").then().statusCode(404);
    }

    @Test
    void duplicateExternalIdIsAConflictAndChangesNothing() {
        String externalId = "dup-" + UUID.randomUUID();
        create(Map.of("name", "First", "externalId", externalId));
        asPartner().body(Map.of("name", "Second", "externalId", externalId)).post("/api/account/v2/companies")
                .then().statusCode(409).body("message", containsString("externalId"));
        asPartner().queryParam("name", "Second").get("/api/account/v2/companies").then().statusCode(200)
                .body("page.totalElements", equalTo(0));
    }

    @Test
    void anIdempotencyKeyMakesARetriedCreationReturnTheFirstAnswer() {
        String key = UUID.randomUUID().toString();
        Map<String, Object> body = Map.of("name", "Once Co", "countryCode", "US");
        String first = asPartner().header("Idempotency-Key", key).body(body).post("/api/account/v2/companies").then()
                .statusCode(201).extract().path("uuid");
        asPartner().header("Idempotency-Key", key).body(body).post("/api/account/v2/companies").then().statusCode(201)
                .header("Idempotent-Replayed", "true").body("uuid", equalTo(first));
        asPartner().header("Idempotency-Key", key).body(Map.of("name", "Twice Co")).post("/api/account/v2/companies").then()
                .statusCode(422).body("code", equalTo("IDEMPOTENCY_KEY_REUSED"));
        asPartner().header("Idempotency-Key", "not a key").body(body).post("/api/account/v2/companies").then().statusCode(400)
                .body("message", containsString("Idempotency-Key"));
        asPartner().queryParam("name", "Once Co").get("/api/account/v2/companies").then().statusCode(200)
                .body("page.totalElements", equalTo(1));
    }

    @Test
    void anIdempotencyKeyIsTheActingUsersToo() {
        String key = UUID.randomUUID().toString();
        Map<String, Object> body = Map.of("name", "Keyed Co " + key, "countryCode", "US");
        String first = asPartner().header("Idempotency-Key", key).body(body).post("/api/account/v2/companies").then()
                .statusCode(201).extract().path("uuid");
        // the same consumer acting as a user, same key and request: that user's own creation, never the stored answer
        UUID user = UUID.randomUUID();
        io.restassured.response.Response asUser = given().header("Authorization", InternalTokens.bearerAsUser(partner, user,
                Roles.PARTNER)).contentType(ContentType.JSON).header("Idempotency-Key", key).body(body)
                .post("/api/account/v2/companies");
        assertEquals(201, asUser.statusCode(), asUser.asString());
        assertEquals(null, asUser.header("Idempotent-Replayed"));
        org.junit.jupiter.api.Assertions.assertNotEquals(first, asUser.path("uuid"));
        // and a user who may not create companies is refused, not answered from the store
        given().header("Authorization", InternalTokens.bearerAsUser(partner, user, Roles.PARTNER_READ))
                .contentType(ContentType.JSON).header("Idempotency-Key", key).body(body).post("/api/account/v2/companies")
                .then().statusCode(403).header("Idempotent-Replayed", nullValue());
    }

    @Test
    void invalidInputNamesEveryFieldAndRule() {
        asPartner().body(Map.of("name", "X", "companySize", "HUGE")).post("/api/account/v2/companies")
                .then().statusCode(400).body("message", containsString("companySize"))
                .body("message", containsString("SMALL, MEDIUM, ENTERPRISE"));
        asPartner().body(Map.of("name", "X", "vendor", "maybe")).post("/api/account/v2/companies")
                .then().statusCode(400).body("message", containsString("vendor"));
        asPartner().body("{\"name\": ").post("/api/account/v2/companies")
                .then().statusCode(400).body("code", equalTo("INVALID_BODY"));
        asPartner().body(Map.of("name", "X", "countryCode", "XX", "defaultRole", "ROLE_CHANNEL_ADMIN"))
                .post("/api/account/v2/companies").then().statusCode(400)
                .body("message", containsString("countryCode")).body("message", containsString("defaultRole"));
        asPartner().body(Map.of("name", "X", "emailAddress", "not-an-email", "billingDayOfMonth", 40))
                .post("/api/account/v2/companies").then().statusCode(400)
                .body("message", containsString("emailAddress")).body("message", containsString("billingDayOfMonth"));
        asPartner().body(Map.of("companySize", "SMALL")).post("/api/account/v2/companies")
                .then().statusCode(400).body("message", containsString("name"));
        // each custom attribute is checked (@Valid on the element type)
        asPartner().body(Map.of("name", "X", "customAttributes", List.of(Map.of("name", " "))))
                .post("/api/account/v2/companies").then().statusCode(400)
                .body("message", containsString("customAttributes[0].name: must not be blank"));
        asPartner().body(Map.of("name", "X", "customAttributes", List.of(Map.of("name", "a", "valueKeys", List.of("k", " ")))))
                .post("/api/account/v2/companies").then().statusCode(400)
                .body("message", containsString("customAttributes[0].valueKeys[1]: must not be blank"));
        asPartner().body(Map.of("name", "X", "enabled", false)).post("/api/account/v2/companies")
                .then().statusCode(400).body("message", containsString("enabled: cannot be set when creating"));
        asPartner().body(Map.of("name", "X", "firstUser", Map.of("email", "a@b.example", "roles", List.of("ROLE_CHANNEL_ADMIN"))))
                .post("/api/account/v2/companies").then().statusCode(400).body("message", containsString("firstUser.roles"));
        asPartner().body(Map.of("name", "X", "firstUser", Map.of("firstName", "No email")))
                .post("/api/account/v2/companies").then().statusCode(400).body("message", containsString("firstUser.email"));
    }

    @Test
    void putReplacesAndRefusesAllowLoginChange() {
        String uuid = create(Map.of("name", "Before", "industry", "Old", "vendor", true, "allowLogin", false));
        asPartner().body(Map.of("name", "After", "enabled", false, "thirtyDaysPurchaseLimit", 100))
                .put("/api/account/v2/companies/" + uuid).then().statusCode(200)
                .body("name", equalTo("After")).body("enabled", equalTo(false)).body("industry", nullValue())
                .body("vendor", equalTo(false)).body("allowLogin", equalTo(false)).body("thirtyDaysPurchaseLimit", equalTo(100));
        asPartner().body(Map.of("name", "After", "allowLogin", true)).put("/api/account/v2/companies/" + uuid)
                .then().statusCode(400).body("message", containsString("allowLogin"));
        asPartner().body(Map.of("name", "After", "dailyPurchaseLimitExempt", true)).put("/api/account/v2/companies/" + uuid)
                .then().statusCode(400).body("message", containsString("dailyPurchaseLimitExempt"));
        asPartner().get("/api/account/v2/companies/" + uuid).then().body("name", equalTo("After"));
    }

    @Test
    void patchChangesOnlySuppliedProperties() {
        String uuid = create(Map.of("name", "Patchable", "industry", "Retail", "countryCode", "FR",
                "customAttributes", List.of(Map.of("name", "tier", "value", "gold"))));
        asPartner().body(Map.of("industry", "Finance", "dailyPurchaseLimitExempt", true))
                .patch("/api/account/v2/companies/" + uuid).then().statusCode(200)
                .body("industry", equalTo("Finance")).body("name", equalTo("Patchable")).body("countryCode", equalTo("FR"))
                .body("dailyPurchaseLimitExempt", equalTo(true)).body("customAttributes[0].value", equalTo("gold"));
        asPartner().body(Map.of("allowLogin", false)).patch("/api/account/v2/companies/" + uuid).then().statusCode(400);
        asPartner().body(Map.of("thirtyDaysPurchaseLimit", 5)).patch("/api/account/v2/companies/" + uuid).then().statusCode(400)
                .body("message", containsString("thirtyDaysPurchaseLimit"));
    }

    @Test
    void xmlBodiesAreRefusedOnEveryOperation() {
        String uuid = create(Map.of("name", "Json Only"));
        String xml = "<company><name>X</name></company>";
        for (String type : List.of("application/xml", "text/xml")) {
            given().header("Authorization", InternalTokens.bearer(partner, Roles.PARTNER)).contentType(type).body(xml)
                    .post("/api/account/v2/companies").then().statusCode(415).body("code", equalTo("UNSUPPORTED_MEDIA_TYPE"));
            given().header("Authorization", InternalTokens.bearer(partner, Roles.PARTNER)).contentType(type).body(xml)
                    .put("/api/account/v2/companies/" + uuid).then().statusCode(415);
            given().header("Authorization", InternalTokens.bearer(partner, Roles.PARTNER)).contentType(type).body(xml)
                    .patch("/api/account/v2/companies/" + uuid).then().statusCode(415);
            given().header("Authorization", InternalTokens.bearer(partner, Roles.PARTNER)).contentType(type).body(xml)
                    .get("/api/account/v2/companies").then().statusCode(415);
        }
        asPartner().get("/api/account/v2/companies/" + uuid).then().body("name", equalTo("Json Only"));
    }

    @Test
    void listFiltersSortsAndPages() {
        create(Map.of("name", "Alpha Vendor", "vendor", true, "customAttributes", List.of(Map.of("name", "segment", "value", "smb"))));
        create(Map.of("name", "Beta", "customAttributes", List.of(Map.of("name", "segment", "value", "gov"))));
        create(Map.of("name", "Gamma", "customAttributes", List.of(Map.of("name", "labels", "valueKeys", List.of("x")))));

        asPartner().get("/api/account/v2/companies").then().statusCode(200)
                .body("content.name", equalTo(List.of("Gamma", "Beta", "Alpha Vendor")))
                .body("page.size", equalTo(50)).body("page.totalElements", equalTo(3)).body("page.number", equalTo(0));
        asPartner().queryParam("sortOrder", "ASC").queryParam("sortField", "NAME").get("/api/account/v2/companies").then()
                .body("content.name", equalTo(List.of("Alpha Vendor", "Beta", "Gamma")));
        asPartner().queryParam("vendor", true).get("/api/account/v2/companies").then().body("content.name", equalTo(List.of("Alpha Vendor")));
        asPartner().queryParam("vendor", false).get("/api/account/v2/companies").then().body("content", hasSize(2));
        asPartner().queryParam("name", "bet").get("/api/account/v2/companies").then().body("content.name", equalTo(List.of("Beta")));
        asPartner().queryParam("custom.segment", "notIn(gov, other)").get("/api/account/v2/companies").then()
                .body("content.name", equalTo(List.of("Gamma", "Alpha Vendor")));
        asPartner().queryParam("custom.labels", "notIn(x)").get("/api/account/v2/companies").then().statusCode(400)
                .body("message", containsString("custom.labels"));
        asPartner().queryParam("custom.segment", "in(gov)").get("/api/account/v2/companies").then().statusCode(400);
        asPartner().queryParam("size", 1).queryParam("page", 1).get("/api/account/v2/companies").then()
                .body("content.name", equalTo(List.of("Beta"))).body("page.totalPages", equalTo(3))
                .body("links.rel", hasItems("self", "next", "prev"));
        asPartner().queryParam("includeCustomAttributes", false).queryParam("includePurchaseLimitData", false)
                .get("/api/account/v2/companies").then()
                .body("content[0]", not(org.hamcrest.Matchers.hasKey("customAttributes")))
                .body("content[0]", not(org.hamcrest.Matchers.hasKey("thirtyDaysPurchaseLimitExempt")));
        asPartner().queryParam("sortField", "DATE").get("/api/account/v2/companies").then().statusCode(400);
        asPartner().queryParam("sortOrder", "UP").get("/api/account/v2/companies").then().statusCode(400);
        asPartner().queryParam("size", 0).get("/api/account/v2/companies").then().statusCode(400);
        asPartner().queryParam("vendor", "yes").get("/api/account/v2/companies").then().statusCode(400);
    }

    @Test
    void pictureAcceptsImagesOnly() {
        String uuid = create(Map.of("name", "Pictured"));
        byte[] png = new byte[] { (byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0 };
        given().header("Authorization", InternalTokens.bearer(partner, Roles.PARTNER))
                .multiPart("file", "logo.png", png, "image/png")
                .put("/api/account/v2/companies/" + uuid + "/picture").then().statusCode(200)
                .body("picture", containsString("/api/account/v2/companies/" + uuid + "/picture"));
        byte[] served = given().header("Authorization", InternalTokens.bearer(partner, Roles.PARTNER))
                .get("/api/account/v2/companies/" + uuid + "/picture").then().statusCode(200)
                .contentType("image/png").extract().asByteArray();
        assertEquals(png.length, served.length);
        given().header("Authorization", InternalTokens.bearer(partner, Roles.PARTNER))
                .multiPart("file", "notes.png", "just text".getBytes(), "image/png")
                .put("/api/account/v2/companies/" + uuid + "/picture").then().statusCode(415);
        byte[] big = new byte[1_100_000];
        System.arraycopy(png, 0, big, 0, png.length);
        given().header("Authorization", InternalTokens.bearer(partner, Roles.PARTNER))
                .multiPart("file", "big.png", big, "image/png")
                .put("/api/account/v2/companies/" + uuid + "/picture").then().statusCode(413).body("code", equalTo("PAYLOAD_TOO_LARGE"));
    }

    @Test
    void tenancyAndRolesAreEnforced() {
        String uuid = create(Map.of("name", "Private Co", "externalId", "priv-" + uuid()));
        String other = InternalTokens.bearer("OTHER" + uuid().substring(0, 6), Roles.PARTNER);
        // another marketplace's company is as unknown as a missing one (ExistenceOracleTest)
        given().header("Authorization", other).get("/api/account/v2/companies/" + uuid).then().statusCode(404)
                .body("code", equalTo("NOT_FOUND"));
        given().header("Authorization", other).contentType(ContentType.JSON).body(Map.of("name", "Hijacked"))
                .patch("/api/account/v2/companies/" + uuid).then().statusCode(404);
        given().header("Authorization", other).get("/api/account/v2/companies").then().statusCode(200)
                .body("content.uuid", not(hasItems(uuid)));
        given().get("/api/account/v2/companies/" + uuid).then().statusCode(403).body("code", equalTo("FORBIDDEN"));
        given().header("Authorization", "Bearer not.a.token").get("/api/account/v2/companies").then().statusCode(403);
        String reader = InternalTokens.bearer(partner, Roles.PARTNER_READ);
        given().header("Authorization", reader).get("/api/account/v2/companies/" + uuid).then().statusCode(200);
        given().header("Authorization", reader).contentType(ContentType.JSON).body(Map.of("name", "Nope"))
                .patch("/api/account/v2/companies/" + uuid).then().statusCode(403);
        given().header("Authorization", reader).contentType(ContentType.JSON).body(Map.of("name", "Nope"))
                .post("/api/account/v2/companies").then().statusCode(403);
        String stranger = InternalTokens.bearerAsUser(partner, UUID.randomUUID());
        given().header("Authorization", stranger).get("/api/account/v2/companies/" + uuid).then().statusCode(403);
        asPartner().get("/api/account/v2/companies/" + uuid).then().body("name", equalTo("Private Co"));
    }

    private static String uuid() {
        return UUID.randomUUID().toString();
    }
}
