package dev.marketplace.attack;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.security.PrivateKey;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.InternalToken;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.smallrye.jwt.util.KeyUtils;

/**
 * Inside the mesh, one service's key cannot speak for another: each service that calls others signs with a key of its
 * own under its own issuer, and a receiver accepts only the gateway and the peers it lists, and from a peer only service
 * tokens. Calls go straight to the services' ports, as a compromised pod would make them.
 */
class MeshTokenAttacksTest {

    private static String token(String keyName, String issuer, String consumerType) throws Exception {
        return token(keyName, issuer, consumerType, Stack.ACME.partner());
    }

    /** {@code partner}: the marketplace the token names, null for none. */
    private static String token(String keyName, String issuer, String consumerType, String partner) throws Exception {
        PrivateKey key = KeyUtils.decodePrivateKey(Stack.stack().signingKeyPem(keyName));
        return "Bearer " + InternalToken.mint(issuer, issuer, new InternalToken.Claims("attacker", consumerType,
                partner, Set.of("ROLE_SYS_ADMIN", "ROLE_PARTNER", "ROLE_SUPER_SUPPORT"), null, null), key,
                Duration.ofSeconds(60));
    }

    /** A peer's own service token: its key, its issuer. */
    private static String peer(String name, String partner) throws Exception {
        return token(name + "-token", "marketplace-" + name, "service", partner);
    }

    private static int status(String module, String path, String bearer) {
        return given().header("Authorization", bearer).get(Stack.stack().serviceUrl(module) + path).statusCode();
    }

    private static Response get(String module, String path, String bearer) {
        return given().header("Authorization", bearer).get(Stack.stack().serviceUrl(module) + path);
    }

    @Test
    void aServiceKeyCannotPoseAsTheGatewayOrAsAnotherServiceOrAsAConsumer() throws Exception {
        String credentials = "/internal/v1/vendor-credentials/no-such-key";
        // catalog trusts billing's service tokens, but vendor credentials are the gateway's alone
        assertEquals(403, status("catalog-service", credentials, token("billing-token", "marketplace-billing", "service")));
        // billing's key under the gateway's issuer, or minting a consumer's identity: refused
        assertEquals(403, status("catalog-service", credentials, token("billing-token", "marketplace-gateway", "service")));
        assertEquals(403, status("catalog-service", credentials, token("billing-token", "marketplace-billing", "channel")));
        assertEquals(403, status("account-service", "/api/account/v2/users",
                token("billing-token", "marketplace-billing", "channel")));
        // account-service's key: catalog does not list account as a peer
        assertEquals(403, status("catalog-service", credentials, token("account-token", "marketplace-account", "service")));
        // one service's key under another's issuer
        assertEquals(403, status("catalog-service", credentials, token("account-token", "marketplace-billing", "service")));
        // the edge key of the gateway's OAuth 2.0 tokens signs nothing a service accepts
        assertEquals(403, status("catalog-service", credentials, token("access-token", "marketplace-gateway", "service")));
        // the gateway's internal-token key is still the gateway's: accepted
        assertEquals(404, status("catalog-service", credentials, token("internal-token", "marketplace-gateway", "service")));
    }

    @Test
    void leadServicesKeyReadsNoVendorSecretOfAnyMarketplace() throws Exception {
        JsonPath product = Stack.createProduct(Stack.ACME.client(), "Mesh Secret " + UUID.randomUUID());
        long id = product.getLong("id");
        String key = product.getString("integration.consumerKey");
        String secret = product.getString("integration.consumerSecret");
        String integration = "/internal/v1/products/" + id + "/integration";
        // lead-service takes anonymous input and catalog accepts its tokens on the public API: none of these reads
        for (String path : List.of("/internal/v1/vendor-credentials/" + key, integration + "?includeSecret=true", integration,
                integration + "/with-secret")) {
            for (String partner : java.util.Arrays.asList(Stack.ACME.partner(), null)) {
                Response answer = get("catalog-service", path, peer("lead", partner));
                assertEquals(403, answer.statusCode(), path + " " + partner);
                assertFalse(answer.asString().contains(secret), path);
            }
        }
        // billing reads the integration without the secret, whatever it asks; the secret is notification's alone
        Response billing = get("catalog-service", integration + "?includeSecret=true", peer("billing", Stack.ACME.partner()));
        assertEquals(200, billing.statusCode());
        assertEquals(key, billing.path("consumerKey"));
        assertFalse(billing.asString().contains(secret));
        assertEquals(403, status("catalog-service", integration + "/with-secret", peer("billing", Stack.ACME.partner())));
        // notification acting for another marketplace: that marketplace has no such product (as for an unknown id)
        Response rival = get("catalog-service", integration + "/with-secret", peer("notification", Stack.RIVAL.partner()));
        assertEquals(404, rival.statusCode());
        assertFalse(rival.asString().contains(secret));
        Response notification = get("catalog-service", integration + "/with-secret", peer("notification", Stack.ACME.partner()));
        assertEquals(200, notification.statusCode());
        assertEquals(secret, notification.path("consumerSecret"));
        // the gateway's own look-up of the key, the control
        Response gateway = get("catalog-service", "/internal/v1/vendor-credentials/" + key,
                token("internal-token", "marketplace-gateway", "service", null));
        assertEquals(200, gateway.statusCode());
        assertEquals(secret, gateway.path("consumerSecret"));
    }

    @Test
    void aPeerTokenNamingNoMarketplaceIsRefusedWhereAnEndpointServesOne() throws Exception {
        JsonPath product = Stack.createProduct(Stack.ACME.client(), "Mesh Partner " + UUID.randomUUID());
        String integration = "/internal/v1/products/" + product.getLong("id") + "/integration";
        String entitlements = "/internal/v1/companies/" + UUID.randomUUID() + "/users/" + UUID.randomUUID() + "/entitlements";
        String profile = "/internal/v1/companies/" + UUID.randomUUID() + "/purchase-profile?userUuid=" + UUID.randomUUID();
        assertEquals(403, status("catalog-service", integration, peer("billing", null)));
        assertEquals(403, status("catalog-service", integration + "/with-secret", peer("notification", null)));
        assertEquals(403, status("billing-service", entitlements, peer("account", null)));
        assertEquals(403, status("account-service", profile, peer("billing", null)));
        Response provisioning = given().header("Authorization", peer("reseller", null))
                .header("Idempotency-Key", UUID.randomUUID().toString()).contentType("application/json")
                .body(Map.of("name", "No marketplace", "externalId", "atk-" + UUID.randomUUID()))
                .post(Stack.stack().serviceUrl("account-service") + "/internal/v1/companies");
        assertEquals(403, provisioning.statusCode(), provisioning.asString());
        // the controls: the same callers naming the marketplace are let through
        assertEquals(200, status("catalog-service", integration, peer("billing", Stack.ACME.partner())));
        assertEquals(200, status("billing-service", entitlements, peer("account", Stack.ACME.partner())));
        // and billing's unused endpoint that took any peer's vendor result is gone
        Response result = given().header("Authorization", peer("account", Stack.ACME.partner())).contentType("application/json")
                .body(Map.of("eventType", "SUBSCRIPTION_ORDER", "success", true))
                .post(Stack.stack().serviceUrl("billing-service") + "/internal/v1/subscriptions/" + UUID.randomUUID() + "/result");
        assertEquals(404, result.statusCode());
    }
}
