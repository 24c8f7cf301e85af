package dev.marketplace.catalog.integration;

import static dev.marketplace.catalog.CatalogFixtures.as;
import static dev.marketplace.catalog.CatalogFixtures.asAdmin;
import static dev.marketplace.catalog.CatalogFixtures.createProduct;
import static dev.marketplace.catalog.CatalogFixtures.newPartner;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.InternalToken;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

/**
 * Each internal endpoint names the services that may call it: vendor credentials the gateway's, a vendor's secret
 * notification's, the integration without it and signed URLs billing's; and a peer's token must name the marketplace.
 * catalog trusts lead's service tokens too (lead reads products), and lead takes anonymous input: its key must read no
 * secret.
 */
@QuarkusTest
class InternalCallersTest {
    private final String partner = newPartner();

    private record Product(long id, String key, String secret) {
    }

    private Product product() {
        JsonPath created = createProduct(partner, List.of());
        long id = created.getLong("id");
        asAdmin(partner).body(Map.of("eventUrls", Map.of("SUBSCRIPTION_ORDER", "https://vendor.example/create?eventUrl={eventUrl}"),
                "interactive", true)).put("/api/marketplace/v1/products/" + id + "/integration").then().statusCode(200);
        return new Product(id, created.getString("integration.consumerKey"), created.getString("integration.consumerSecret"));
    }

    private static String peer(String name, String partner) {
        return InternalTokens.peerBearer(name, partner, Roles.SYS_ADMIN);
    }

    /** The gateway's own service token: no partner. */
    private static String gateway() {
        return InternalTokens.bearer(new InternalToken.Claims("gateway", "service", null, Set.of(Roles.SYS_ADMIN), null, null));
    }

    private static void assertNoSecret(Response answer, Product product) {
        assertFalse(answer.asString().contains(product.secret()), answer.statusCode() + " " + answer.asString());
    }

    @Test
    void vendorCredentialsAreTheGatewaysAlone() {
        Product product = product();
        String path = "/internal/v1/vendor-credentials/" + product.key();
        for (String peer : List.of("lead", "billing", "notification")) {
            Response answer = as(peer(peer, partner)).get(path);
            assertNoSecret(answer, product);
            assertEquals(403, answer.statusCode(), peer);
            as(peer(peer, null)).get(path).then().statusCode(403);
        }
        as(gateway()).get(path).then().statusCode(200).body("consumerSecret", equalTo(product.secret()));
    }

    @Test
    void aVendorsSecretIsNotificationsAloneAndOnlyInItsMarketplace() {
        Product product = product();
        String integration = "/internal/v1/products/" + product.id() + "/integration";
        // lead-service's key, whatever it asks, reads no secret and no integration
        for (String query : List.of("", "?includeSecret=true", "?includeSecret=false")) {
            Response answer = as(peer("lead", partner)).get(integration + query);
            assertNoSecret(answer, product);
            assertEquals(403, answer.statusCode(), query);
        }
        as(peer("lead", partner)).get(integration + "/with-secret").then().statusCode(403);
        // billing reads the integration, never the secret
        assertNoSecret(as(peer("billing", partner)).get(integration + "?includeSecret=true"), product);
        as(peer("billing", partner)).get(integration).then().statusCode(200).body("consumerKey", equalTo(product.key()));
        as(peer("billing", partner)).get(integration + "/with-secret").then().statusCode(403);
        // a token that names no marketplace reads none, another marketplace's reads none of this one
        for (String path : List.of(integration, integration + "/with-secret")) {
            Response answer = as(peer("notification", null)).get(path);
            assertNoSecret(answer, product);
            assertEquals(403, answer.statusCode(), path);
        }
        // (another marketplace's token: its product is as unknown as a missing one)
        as(peer("notification", newPartner())).get(integration + "/with-secret").then().statusCode(404);
        as(gateway()).get(integration + "/with-secret").then().statusCode(403);
        as(peer("notification", partner)).get(integration + "/with-secret").then().statusCode(200)
                .body("consumerSecret", equalTo(product.secret())).body("partner", equalTo(partner));
    }

    @Test
    void signedUrlsAreBillings() {
        Product product = product();
        String sign = "/internal/v1/products/" + product.id() + "/signed-urls";
        Map<String, Object> body = Map.of("method", "GET", "url", "https://vendor.example/launch");
        for (String other : List.of(peer("lead", partner), peer("notification", partner), peer("billing", null), gateway())) {
            as(other).body(body).post(sign).then().statusCode(403).body("code", equalTo("FORBIDDEN"));
        }
        as(peer("billing", partner)).body(body).post(sign).then().statusCode(200);
    }
}
