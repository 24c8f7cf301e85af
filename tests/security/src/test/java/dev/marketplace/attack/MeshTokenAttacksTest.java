package dev.marketplace.attack;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.security.PrivateKey;
import java.time.Duration;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.InternalToken;
import io.smallrye.jwt.util.KeyUtils;

/**
 * Inside the mesh, one service's key cannot speak for another: each service that calls others signs with a key of its
 * own under its own issuer, and a receiver accepts only the gateway and the peers it lists, and from a peer only service
 * tokens. Calls go straight to the services' ports, as a compromised pod would make them.
 */
class MeshTokenAttacksTest {

    private static String token(String keyName, String issuer, String consumerType) throws Exception {
        PrivateKey key = KeyUtils.decodePrivateKey(Stack.stack().signingKeyPem(keyName));
        return "Bearer " + InternalToken.mint(issuer, issuer, new InternalToken.Claims("attacker", consumerType,
                Stack.ACME.partner(), Set.of("ROLE_SYS_ADMIN", "ROLE_PARTNER", "ROLE_SUPER_SUPPORT"), null, null), key,
                Duration.ofSeconds(60));
    }

    private static int status(String module, String path, String bearer) {
        return given().header("Authorization", bearer).get(Stack.stack().serviceUrl(module) + path).statusCode();
    }

    @Test
    void aServiceKeyCannotPoseAsTheGatewayOrAsAnotherServiceOrAsAConsumer() throws Exception {
        String credentials = "/internal/v1/vendor-credentials/no-such-key";
        // the control: catalog trusts billing's service tokens (404: no such vendor, but the caller was accepted)
        assertEquals(404, status("catalog-service", credentials, token("billing-token", "marketplace-billing", "service")));
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
}
