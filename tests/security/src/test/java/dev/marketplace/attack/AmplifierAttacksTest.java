package dev.marketplace.attack;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.marketplace.testkit.SignpostSigner;
import io.restassured.response.Response;

/**
 * A caller that makes the gateway work for nothing: failed signatures from one address fill a bucket (production
 * defaults: 50 deep, leaking 5 a second), after which the address gets 429 before any lookup, valid calls included; a
 * client asking for tokens in a loop is limited too. Against a replica of its own with the production defaults (the
 * devstack's main gateway is wider, for the other attacks).
 */
class AmplifierAttacksTest {

    @Test
    void tokenLoopsAndFailedSignaturesFromOneAddressAreThrottledBeforeAnyWork() throws Exception {
        int port = Integer.getInteger("attack.port", 29080) + 10;
        String replica = Stack.stack().startGatewayReplica(port, Map.of(
                "MARKETPLACE_GATEWAY_ABUSE_FAILED_AUTHENTICATIONS_CAPACITY", "50",
                "MARKETPLACE_GATEWAY_ABUSE_FAILED_AUTHENTICATIONS_REFILL_TOKENS", "5",
                "MARKETPLACE_GATEWAY_ABUSE_TOKEN_REQUESTS_CAPACITY", "30"));
        String path = "/api/account/v2/users";

        // a client asking for tokens in a loop (each costs an RSA signature): 30 a minute
        Stack.Tenant looping = Stack.freshTenant("TOKENLOOP", "ROLE_PARTNER");
        int issued = 0;
        for (int i = 0; i < 40; i++) {
            int status = given().auth().preemptive().basic(looping.key(), looping.secret())
                    .formParam("grant_type", "client_credentials").post(replica + "/oauth2/token").statusCode();
            if (status != 200) {
                assertEquals(429, status);
                break;
            }
            issued++;
        }
        assertTrue(issued >= 30 && issued <= 31, issued + " tokens before the first refusal");

        SignpostSigner wrong = new SignpostSigner("made-up-" + System.nanoTime(), "guess");
        int refused = 0;
        int throttled = 0;
        long start = System.nanoTime();
        for (int i = 0; i < 80; i++) {
            Response r = given().header("Authorization", wrong.authorization("GET", replica + path, null)).get(replica + path);
            if (r.statusCode() == 403) {
                refused++;
            } else {
                assertEquals(429, r.statusCode(), r.asString());
                assertTrue(Long.parseLong(r.header("Retry-After")) >= 1);
                throttled++;
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(refused >= 50 && refused <= 50 + (int) Math.ceil(seconds * 5) + 1, refused + " refused in " + seconds + " s");
        assertTrue(throttled > 0);
        // now a valid signature from the same address waits as well
        Stack.Tenant acme = Stack.ACME;
        given().header("Authorization", new SignpostSigner(acme.key(), acme.secret()).authorization("GET", replica + path, null))
                .get(replica + path).then().statusCode(429);
        // the main gateway (another replica) is not affected: limits are per replica
        Stack.ACME.client().signed("GET", path).get(Stack.gateway(path)).then().statusCode(200);
    }
}
