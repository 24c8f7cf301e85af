package dev.marketplace.catalog.integration;

import static dev.marketplace.catalog.CatalogFixtures.as;
import static dev.marketplace.catalog.CatalogFixtures.asAdmin;
import static dev.marketplace.catalog.CatalogFixtures.createProduct;
import static dev.marketplace.catalog.CatalogFixtures.developer;
import static dev.marketplace.catalog.CatalogFixtures.newPartner;
import static dev.marketplace.catalog.CatalogFixtures.billingService;
import static dev.marketplace.catalog.CatalogFixtures.notificationService;
import static dev.marketplace.catalog.CatalogFixtures.vendor;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import dev.marketplace.testkit.DomainEvents;
import dev.marketplace.common.security.InternalToken;
import dev.marketplace.common.net.OutboundUrlGuard;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

@QuarkusTest
class IntegrationApiTest {
    private final String partner = newPartner();

    private static final Map<String, Object> URLS = Map.of(
            "SUBSCRIPTION_ORDER", "https://vendor.example/create?eventUrl={eventUrl}",
            "SUBSCRIPTION_CANCEL", "https://vendor.example/cancel?eventUrl={eventUrl}",
            "USER_ASSIGNMENT", "https://vendor.example/assign?eventUrl={eventUrl}");

    @Test
    void settingsAreUpdatedAndReadWithoutTheSecret() {
        UUID dev = UUID.randomUUID();
        JsonPath product = createProduct(partner, List.of(dev.toString()));
        long id = product.getLong("id");
        String path = "/api/marketplace/v1/products/" + id + "/integration";
        as(developer(partner, dev)).body(Map.of("eventUrls", URLS, "interactive", true)).put(path).then().statusCode(200)
                .body("interactive", equalTo(true))
                .body("eventUrls.SUBSCRIPTION_ORDER", equalTo("https://vendor.example/create?eventUrl={eventUrl}"))
                .body("consumerKey", equalTo(product.getString("integration.consumerKey")));
        asAdmin(partner).get(path).then().statusCode(200)
                .body("eventUrls.USER_ASSIGNMENT", equalTo("https://vendor.example/assign?eventUrl={eventUrl}"))
                .body("interactive", equalTo(true))
                .body("$", not(org.hamcrest.Matchers.hasKey("consumerSecret")));
        // only interactive: the URLs stay
        asAdmin(partner).body(Map.of("interactive", false)).put(path).then().statusCode(200)
                .body("interactive", equalTo(false)).body("eventUrls.SUBSCRIPTION_CANCEL", notNullValue());

        var event = DomainEvents.await(e -> "PRODUCT_INTEGRATION_UPDATED".equals(e.path("type").asText())
                && String.valueOf(id).equals(e.path("aggregate").path("id").asText()), Duration.ofSeconds(20));
        assertEquals(id, event.path("payload").path("productId").asLong());
    }

    @Test
    void invalidSettingsAreRefusedAndChangeNothing() {
        long id = createProduct(partner, List.of()).getLong("id");
        String path = "/api/marketplace/v1/products/" + id + "/integration";
        asAdmin(partner).body(Map.of("eventUrls", Map.of("SUBSCRIPTION_ORDER", "https://vendor.example/create",
                "ADDON_ORDER", "https://vendor.example/x?e={eventUrl}", "USER_ASSIGNMENT", "ftp://x/{eventUrl}"))).put(path)
                .then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD"))
                .body("message", containsString("eventUrls.SUBSCRIPTION_ORDER"))
                .body("message", containsString("eventUrls.ADDON_ORDER"))
                .body("message", containsString("eventUrls.USER_ASSIGNMENT"));
        // a body that does not bind (wrong type, unknown property) is refused at the first such property, named
        asAdmin(partner).body(Map.of("interactive", "yes")).put(path).then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", containsString("interactive"));
        asAdmin(partner).body(Map.of("interactive", true, "colour", 1)).put(path).then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", containsString("colour"));
        asAdmin(partner).get(path).then().statusCode(200).body("eventUrls.size()", equalTo(0));
        as(developer(partner, UUID.randomUUID())).get(path).then().statusCode(403);
        as(vendor(partner, id)).get(path).then().statusCode(403);
        as(InternalTokens.bearer(newPartner(), Roles.PARTNER)).body(Map.of("interactive", true)).put(path).then().statusCode(404);
        asAdmin(partner).get("/api/marketplace/v1/products/999999999/integration").then().statusCode(404);
    }

    @Test
    void secretIsEncryptedAtRestAndRotationChangesIt() throws Exception {
        JsonPath product = createProduct(partner, List.of());
        long id = product.getLong("id");
        String key = product.getString("integration.consumerKey");
        String secret = product.getString("integration.consumerSecret");

        // stored encrypted: the column never holds the secret
        var config = ConfigProvider.getConfig();
        try (var c = DriverManager.getConnection(config.getValue("quarkus.datasource.jdbc.url", String.class),
                config.getValue("quarkus.datasource.username", String.class),
                config.getValue("quarkus.datasource.password", String.class));
                var q = c.prepareStatement("select secret_ciphertext from product_integration where product_id = ?")) {
            q.setLong(1, id);
            try (ResultSet rs = q.executeQuery()) {
                rs.next();
                String stored = rs.getString(1);
                assertNotEquals(secret, stored);
                assertEquals(false, stored.contains(secret));
            }
        }

        as(gatewayToken()).get("/internal/v1/vendor-credentials/" + key).then().statusCode(200)
                .body("consumerKey", equalTo(key)).body("consumerSecret", equalTo(secret))
                .body("productId", equalTo((int) id)).body("partner", equalTo(partner));

        String rotated = asAdmin(partner).post("/api/marketplace/v1/products/" + id + "/integration/secret").then()
                .statusCode(200).body("consumerKey", equalTo(key)).extract().path("consumerSecret");
        assertNotEquals(secret, rotated);
        as(gatewayToken()).get("/internal/v1/vendor-credentials/" + key).then().statusCode(200)
                .body("consumerSecret", equalTo(rotated));
        as(vendor(partner, id)).post("/api/marketplace/v1/products/" + id + "/integration/secret").then().statusCode(403);
        as(InternalTokens.bearer(partner, Roles.PARTNER_READ)).post("/api/marketplace/v1/products/" + id + "/integration/secret")
                .then().statusCode(403);
        DomainEvents.await(e -> "PRODUCT_CREDENTIALS_ROTATED".equals(e.path("type").asText())
                && String.valueOf(id).equals(e.path("aggregate").path("id").asText())
                && !e.toString().contains(rotated), Duration.ofSeconds(20));
    }

    @Test
    void internalEndpointsTakeOnlyServiceTokensWithSysAdmin() {
        JsonPath product = createProduct(partner, List.of());
        long id = product.getLong("id");
        String key = product.getString("integration.consumerKey");
        asAdmin(partner).body(Map.of("eventUrls", URLS, "interactive", true))
                .put("/api/marketplace/v1/products/" + id + "/integration").then().statusCode(200);

        // the gateway's token has no partner claim
        String gateway = gatewayToken();
        as(gateway).get("/internal/v1/vendor-credentials/" + key).then().statusCode(200).body("partner", equalTo(partner));
        as(gateway).get("/internal/v1/vendor-credentials/unknown-key").then().statusCode(404);
        // a user who is a company administrator (ROLE_SYS_ADMIN) is not a service
        as(InternalTokens.bearer(partner, Roles.SYS_ADMIN)).get("/internal/v1/vendor-credentials/" + key).then().statusCode(403);
        as(InternalTokens.bearer(new InternalToken.Claims("svc", "service", partner, Set.of(Roles.PARTNER), null, null)))
                .get("/internal/v1/vendor-credentials/" + key).then().statusCode(403);
        as(InternalTokens.bearer(partner, Roles.CHANNEL_ADMIN)).get("/internal/v1/products/" + id + "/integration").then().statusCode(403);
        io.restassured.RestAssured.given().get("/internal/v1/vendor-credentials/" + key).then().statusCode(403);

        as(notificationService(partner)).get("/internal/v1/products/" + id + "/integration/with-secret").then().statusCode(200)
                .body("productId", equalTo((int) id))
                .body("partner", equalTo(partner))
                .body("consumerKey", equalTo(key))
                .body("consumerSecret", equalTo(product.getString("integration.consumerSecret")))
                .body("eventUrls.SUBSCRIPTION_ORDER", equalTo("https://vendor.example/create?eventUrl={eventUrl}"))
                .body("interactive", equalTo(true))
                .body("name", equalTo("Task Pro"))
                .body("vendor", equalTo("Tasky Inc"))
                .body("applicationUuid", equalTo(product.getString("uuid")));
        as(notificationService(newPartner())).get("/internal/v1/products/" + id + "/integration/with-secret").then()
                .statusCode(404).body("message", equalTo("Product " + id + " was not found"));
        as(notificationService(partner)).get("/internal/v1/products/999999999/integration/with-secret").then().statusCode(404);
    }

    /**
     * Another marketplace's product answers every integration endpoint exactly as an unknown product id (404 NOT_FOUND,
     * the same message but for the id); the old code loaded it and answered 403, telling which ids were taken elsewhere.
     */
    @Test
    void anotherMarketplacesIntegrationIsAsUnknownAsAMissingOne() {
        long theirs = createProduct(partner, List.of()).getLong("id");
        String rival = InternalTokens.bearer(newPartner(), Roles.CHANNEL_ADMIN, Roles.PARTNER);
        for (long id : List.of(theirs, 999999999L)) {
            String base = "/api/marketplace/v1/products/" + id + "/integration";
            String message = "Product " + id + " was not found";
            for (var answer : List.of(as(rival).get(base), as(rival).body(Map.of("interactive", true)).put(base),
                    as(rival).post(base + "/secret"), as(rival).post(base + "/ping"))) {
                answer.then().statusCode(404).body("code", equalTo("NOT_FOUND")).body("message", equalTo(message));
            }
        }
        asAdmin(partner).get("/api/marketplace/v1/products/" + theirs + "/integration").then().statusCode(200)
                .body("interactive", equalTo(false));
    }

    @Test
    void pingEmitsAStatelessVendorPingEvent() {
        UUID dev = UUID.randomUUID();
        long id = createProduct(partner, List.of(dev.toString())).getLong("id");
        String base = "/api/marketplace/v1/products/" + id + "/integration";
        asAdmin(partner).post(base + "/ping").then().statusCode(409).body("code", equalTo("EVENT_URL_NOT_CONFIGURED"));
        asAdmin(partner).body(Map.of("eventUrls", URLS)).put(base).then().statusCode(200);
        asAdmin(partner).body(Map.of("eventType", "NOPE")).post(base + "/ping").then().statusCode(400)
                .body("message", containsString("eventType"));
        as(vendor(partner, id)).post(base + "/ping").then().statusCode(403);

        String eventId = as(developer(partner, dev)).body(Map.of("eventType", "SUBSCRIPTION_CANCEL")).post(base + "/ping")
                .then().statusCode(202).body("flag", equalTo("STATELESS")).body("type", equalTo("VENDOR_PING"))
                .extract().path("eventId");
        var event = DomainEvents.await(e -> eventId.equals(e.path("id").asText()), Duration.ofSeconds(20));
        assertEquals("VENDOR_PING", event.path("type").asText());
        assertEquals(partner, event.path("partner").asText());
        assertEquals("STATELESS", event.path("payload").path("flag").asText());
        assertEquals("SUBSCRIPTION_CANCEL", event.path("payload").path("eventType").asText());
        assertEquals("https://vendor.example/cancel?eventUrl={eventUrl}", event.path("payload").path("eventUrlTemplate").asText());
        assertEquals(id, event.path("payload").path("productId").asLong());
    }

    @Test
    void integrationWithoutTheSecretAndSignedUrlsForServicesThatNeverSign() throws Exception {
        JsonPath product = createProduct(partner, List.of());
        long id = product.getLong("id");
        String key = product.getString("integration.consumerKey");
        String secret = product.getString("integration.consumerSecret");
        asAdmin(partner).body(Map.of("eventUrls", URLS, "interactive", true))
                .put("/api/marketplace/v1/products/" + id + "/integration").then().statusCode(200);
        String integration = "/internal/v1/products/" + id + "/integration";
        String sign = "/internal/v1/products/" + id + "/signed-urls";

        as(billingService(partner)).get(integration).then().statusCode(200)
                .body("productId", equalTo((int) id)).body("partner", equalTo(partner)).body("consumerKey", equalTo(key))
                .body("interactive", equalTo(true))
                .body("eventUrls.SUBSCRIPTION_ORDER", equalTo("https://vendor.example/create?eventUrl={eventUrl}"))
                .body("$", not(org.hamcrest.Matchers.hasKey("consumerSecret")));
        // the secret is notification's alone, whatever billing asks for
        as(billingService(partner)).queryParam("includeSecret", "true").get(integration).then().statusCode(200)
                .body("$", not(org.hamcrest.Matchers.hasKey("consumerSecret")));

        String signed = as(billingService(partner)).body(Map.of("method", "GET", "url", "https://vendor.example/launch?order=7&x=a%20b"))
                .post(sign).then().statusCode(200).extract().path("url");
        java.net.URI uri = java.net.URI.create(signed);
        assertEquals("vendor.example", uri.getHost());
        assertEquals(true, uri.getRawQuery().startsWith("order=7&x=a%20b&"), signed);
        var request = dev.marketplace.common.oauth.SignedRequest.parse("GET", uri, null, null).orElseThrow();
        assertEquals(key, request.consumerKey());
        assertEquals(true, request.signedInQuery());
        assertEquals(true, request.verify(secret, ""), "signed with the vendor's secret");
        assertEquals(false, request.verify("another-secret", ""));
        assertEquals(false, signed.contains(secret), "the secret itself never leaves catalog-service");

        as(billingService(partner)).body(Map.of("method", "FETCH", "url", "not a url")).post(sign).then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", containsString("method"));
        as(billingService(partner)).body(Map.of("method", "GET", "url", "ftp://vendor.example/x")).post(sign).then().statusCode(400)
                .body("message", containsString("url"));
        as(billingService(partner)).body(Map.of("method", "GET")).post(sign).then().statusCode(400)
                .body("message", containsString("url: is required"));

        // partner-scoped service tokens only
        String gateway = gatewayToken();
        Map<String, Object> body = Map.of("method", "GET", "url", "https://vendor.example/launch");
        for (String other : List.of(gateway, InternalTokens.bearer(partner, Roles.CHANNEL_ADMIN),
                InternalTokens.bearer(partner, Roles.SYS_ADMIN), vendor(partner, id))) {
            as(other).get(integration).then().statusCode(403);
            as(other).body(body).post(sign).then().statusCode(403).body("code", equalTo("FORBIDDEN"));
        }
        io.restassured.RestAssured.given().contentType("application/json").body(body).post(sign).then().statusCode(403);
        // another marketplace's service token: the product is as unknown there as a missing one
        as(billingService(newPartner())).get(integration).then().statusCode(404).body("code", equalTo("NOT_FOUND"));
        as(billingService(newPartner())).body(body).post(sign).then().statusCode(404).body("code", equalTo("NOT_FOUND"));
        as(billingService(partner)).body(body).post("/internal/v1/products/999999999/signed-urls").then().statusCode(404);
        as(billingService(partner)).get("/internal/v1/products/999999999/integration")
                .then().statusCode(404);
    }

    @Test
    void eventUrlsPointingInsideTheOperatorsNetworkAreRefused() {
        long id = createProduct(partner, List.of()).getLong("id");
        String path = "/api/marketplace/v1/products/" + id + "/integration";
        asAdmin(partner).body(Map.of("eventUrls", Map.of(
                "SUBSCRIPTION_ORDER", "http://169.254.169.254/latest/meta-data?eventUrl={eventUrl}",
                "SUBSCRIPTION_CANCEL", "https://vendor.example/cancel?eventUrl={eventUrl}",
                "USER_ASSIGNMENT", "http://[::ffff:169.254.169.254]/x?eventUrl={eventUrl}")))
                .put(path).then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD"))
                .body("message", containsString("eventUrls.SUBSCRIPTION_ORDER: must not point to a loopback, private, link-local"))
                .body("message", containsString("eventUrls.USER_ASSIGNMENT: must not point"))
                .body("message", not(containsString("SUBSCRIPTION_CANCEL")));
        asAdmin(partner).get(path).then().statusCode(200).body("eventUrls.size()", equalTo(0));
        // loopback vendors are allowed here only because the test profile sets marketplace.outbound.allow-private
        asAdmin(partner).body(Map.of("eventUrls", Map.of("SUBSCRIPTION_ORDER", "http://127.0.0.1:9/create?eventUrl={eventUrl}")))
                .put(path).then().statusCode(200);
    }

    @Test
    void otherSpellingsOfTheMetadataAddressAreRefusedToo() {
        long id = createProduct(partner, List.of()).getLong("id");
        String path = "/api/marketplace/v1/products/" + id + "/integration";
        String safe = "https://vendor.example/create?eventUrl={eventUrl}";
        asAdmin(partner).body(Map.of("eventUrls", Map.of("SUBSCRIPTION_ORDER", safe))).put(path).then().statusCode(200);
        // link-local (169.254/16) and 0.0.0.0 as inet_aton reads them (link-local and unspecified stay refused in this profile)
        for (String host : List.of("0xA9FEA9FE", "0251.0376.0251.0376", "2852039166", "0xA9.254.0376.254", "169.254.43518",
                "169.16689662", "0", "0x0.0", "[::ffff:0:a9fe:a9fe]", "[2002:a9fe:a9fe::]")) {
            asAdmin(partner).body(Map.of("eventUrls", Map.of("SUBSCRIPTION_ORDER",
                    "http://" + host + "/latest/meta-data/?eventUrl={eventUrl}", "SUBSCRIPTION_CANCEL", safe)))
                    .put(path).then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                    .body("message", equalTo("eventUrls.SUBSCRIPTION_ORDER: " + OutboundUrlGuard.INTERNAL_ADDRESS));
        }
        asAdmin(partner).get(path).then().statusCode(200).body("eventUrls.SUBSCRIPTION_ORDER", equalTo(safe))
                .body("eventUrls.size()", equalTo(1));
    }

    /** The gateway's own service token: no partner claim. */
    private static String gatewayToken() {
        return "Bearer " + io.smallrye.jwt.build.Jwt.issuer(InternalToken.ISSUER).audience(InternalToken.AUDIENCE)
                .subject("gateway").claim(InternalToken.CONSUMER_TYPE, "service").groups(Set.of(Roles.SYS_ADMIN))
                .expiresIn(60).jws().keyId("gateway").sign(InternalTokens.keys().getPrivate());
    }
}
