package dev.marketplace.gateway;

import static dev.marketplace.testkit.ErrorBodies.errorBody;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.gateway.support.GatewayTest;
import dev.marketplace.gateway.support.GatewayTestResource;
import dev.marketplace.gateway.support.Upstreams;
import dev.marketplace.testkit.InternalTokens;
import dev.marketplace.testkit.PostgresResource;
import dev.marketplace.testkit.RedisResource;
import dev.marketplace.testkit.SignpostSigner;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.vertx.core.json.JsonObject;

/** Vendor credentials come from catalog-service, here a real HTTP server answering /internal/v1/vendor-credentials. */
@QuarkusTest
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "gateway"))
@QuarkusTestResource(RedisResource.class)
@QuarkusTestResource(GatewayTestResource.class)
class VendorConsumerTest extends GatewayTest {
    private static final String EVENT = "/api/integration/v1/events/token-1";

    private static void vendor(String key, String secret, long product) {
        Upstreams.VENDORS.put(key, new JsonObject().put("consumerKey", key).put("consumerSecret", secret)
                .put("productId", product).put("partner", "VENDORLAND"));
    }

    @AfterEach
    void forget() {
        Upstreams.VENDORS.clear();
    }

    @Test
    void vendorSignedCallCarriesVendorRoleAndProduct() throws Exception {
        vendor("vendor-42", "vendor-secret", 42);
        Upstreams.CATALOG_AUTHORIZATIONS.clear();
        SignpostSigner vendor = new SignpostSigner("vendor-42", "vendor-secret");
        JsonPath echo = given().header("Authorization", vendor.authorization("GET", url(EVENT), null)).accept("application/json")
                .get(EVENT).then().statusCode(200).extract().jsonPath();
        JwtClaims claims = forwardedToken(echo);
        assertEquals(List.of(Roles.VENDOR), claims.getStringListClaimValue("groups"));
        assertEquals(42L, ((Number) claims.getClaimValue("product")).longValue());
        assertEquals("vendor", claims.getStringClaimValue("ctype"));
        assertEquals("VENDORLAND", claims.getStringClaimValue("partner"));

        // the gateway asked catalog with a service token of role ROLE_SYS_ADMIN, subject gateway
        String asked = Upstreams.CATALOG_AUTHORIZATIONS.get(Upstreams.CATALOG_AUTHORIZATIONS.size() - 1);
        JwtClaims service = new JwtConsumerBuilder().setExpectedIssuer("marketplace-gateway").setExpectedAudience("marketplace-services")
                .setVerificationKey(InternalTokens.keys().getPublic()).build().processToClaims(asked.substring(7));
        assertEquals("gateway", service.getSubject());
        assertTrue(service.getStringListClaimValue("groups").contains(Roles.SYS_ADMIN));
    }

    @Test
    void vendorIsConfinedToItsOwnPaths() {
        vendor("vendor-7", "s7", 7);
        SignpostSigner vendor = new SignpostSigner("vendor-7", "s7");
        String path = "/api/account/v2/companies";
        given().header("Authorization", vendor.authorization("GET", url(path), null)).get(path)
                .then().statusCode(403).body(errorBody(FORBIDDEN));
        given().header("Authorization", vendor.authorization("GET", url(EVENT), null)).get(EVENT).then().statusCode(200);
    }

    @Test
    void contentEventsTakeTheProductsOAuth2TokenNotItsSignature() {
        vendor("vendor-8", "s8", 8);
        SignpostSigner vendor = new SignpostSigner("vendor-8", "s8");
        String data = "/api/appwise/v2/data";
        given().header("Authorization", vendor.authorization("POST", url(data), null)).contentType("application/json")
                .body("{}").post(data).then().statusCode(403).body(errorBody(FORBIDDEN));
        given().header("Authorization", vendor.authorization("GET", url(data + "/x"), null)).get(data + "/x").then()
                .statusCode(403).body(errorBody(FORBIDDEN));
        String token = given().auth().preemptive().basic("vendor-8", "s8").formParam("grant_type", "client_credentials")
                .post("/oauth2/token").then().statusCode(200).extract().path("access_token");
        given().header("Authorization", "Bearer " + token).contentType("application/json").body("{}").post(data).then()
                .statusCode(200);
    }

    @Test
    void rotatedVendorSecretTakesEffectAtOnceAndUnknownVendorsAreRefused() {
        vendor("vendor-9", "old", 9);
        given().header("Authorization", new SignpostSigner("vendor-9", "old").authorization("GET", url(EVENT), null)).get(EVENT)
                .then().statusCode(200);
        vendor("vendor-9", "new", 9);
        given().header("Authorization", new SignpostSigner("vendor-9", "old").authorization("GET", url(EVENT), null)).get(EVENT)
                .then().statusCode(403).body(errorBody(FORBIDDEN));
        given().header("Authorization", new SignpostSigner("vendor-9", "new").authorization("GET", url(EVENT), null)).get(EVENT)
                .then().statusCode(200);
        Upstreams.VENDORS.remove("vendor-9");
        given().header("Authorization", new SignpostSigner("vendor-9", "new").authorization("GET", url(EVENT), null)).get(EVENT)
                .then().statusCode(403).body(errorBody(FORBIDDEN));
    }

    @Test
    void catalogsRotationOfTheVendorSecretLocksOutTheVendorsAccessTokens() {
        vendor("vendor-77", "before", 77);
        String token = given().auth().preemptive().basic("vendor-77", "before").formParam("grant_type", "client_credentials")
                .post("/oauth2/token").then().statusCode(200).extract().path("access_token");
        given().header("Authorization", "Bearer " + token).contentType("application/json").body("{}")
                .post("/api/appwise/v2/data").then().statusCode(200);
        // catalog-service rotates the vendor's secret: the gateway hears it from catalog on the token's next use
        vendor("vendor-77", "after", 77);
        given().header("Authorization", "Bearer " + token).contentType("application/json").body("{}")
                .post("/api/appwise/v2/data").then().statusCode(403).body(errorBody(FORBIDDEN));
        // a vendor catalog no longer knows: refused as well
        vendor("vendor-78", "s78", 78);
        String orphan = given().auth().preemptive().basic("vendor-78", "s78").formParam("grant_type", "client_credentials")
                .post("/oauth2/token").then().statusCode(200).extract().path("access_token");
        Upstreams.VENDORS.remove("vendor-78");
        given().header("Authorization", "Bearer " + orphan).get(EVENT).then().statusCode(403).body(errorBody(FORBIDDEN));
    }

    @Test
    void vendorOAuth2TokenIsProductScoped() throws Exception {
        vendor("vendor-55", "s55", 55);
        given().auth().preemptive().basic("vendor-55", "s55").formParam("grant_type", "client_credentials")
                .formParam("scope", "ROLE_APPLICATION_56").post("/oauth2/token").then().statusCode(400)
                .body("code", equalTo("invalid_scope"));
        String token = given().auth().preemptive().basic("vendor-55", "s55").formParam("grant_type", "client_credentials")
                .formParam("scope", "ROLE_APPLICATION_55").post("/oauth2/token").then().statusCode(200)
                .body("scope", equalTo("ROLE_APPLICATION_55")).extract().path("access_token");
        JsonPath echo = given().header("Authorization", "Bearer " + token).contentType("application/json").body("{}")
                .post("/api/appwise/v2/data").then().statusCode(200).extract().jsonPath();
        JwtClaims claims = forwardedToken(echo);
        assertEquals(55L, ((Number) claims.getClaimValue("product")).longValue());
        assertEquals(List.of(Roles.VENDOR), claims.getStringListClaimValue("groups"));
        given().header("Authorization", "Bearer " + token).get("/api/account/v2/companies").then().statusCode(403);
    }
}
