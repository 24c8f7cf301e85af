package dev.marketplace.attack;

import static dev.marketplace.testkit.ErrorBodies.errorBody;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import io.restassured.response.Response;

/**
 * Locking a client out of OAuth 2.0 tokens with nothing but its client id, which is no secret (it travels in every
 * signed call, and shows as oauthKey on exchange rates): wrong secrets must not spend the client's token requests (30
 * a minute); they count as failed authentications of the address sending them, which alone ends up throttled.
 */
class TokenLockoutAttacksTest {
    private static final String FORBIDDEN = "{\"code\":\"FORBIDDEN\",\"message\":\"Access is denied\"}";
    private static final String ATTACKER = "203.0.113.66";
    private static final String VICTIM = "198.51.100.5";

    private static Response token(String gateway, String from, String clientId, String secret) {
        return given().header("X-Forwarded-For", from).auth().preemptive().basic(clientId, secret)
                .formParam("grant_type", "client_credentials").post(gateway + "/oauth2/token");
    }

    @Test
    void wrongSecretsForSomeoneElsesClientIdThrottleOnlyTheAddressSendingThem() {
        String gateway = Stack.ingressReplica();
        Stack.Tenant victim = Stack.freshTenant("LOCKOUT", "ROLE_PARTNER");
        // more than the client's 30 a minute, each refused as any bad client is
        for (int i = 0; i < 40; i++) {
            token(gateway, ATTACKER, victim.key(), "x").then().statusCode(403).body(errorBody(FORBIDDEN));
        }
        token(gateway, VICTIM, victim.key(), victim.secret()).then().statusCode(200);
        // the attacker's own address fills its bucket of failures (50 deep, leaking 5 a second) and waits
        Response throttled = null;
        for (int i = 0; i < 300 && throttled == null; i++) {
            Response r = token(gateway, ATTACKER, victim.key(), "x");
            if (r.statusCode() == 429) {
                throttled = r;
            } else {
                assertEquals(403, r.statusCode(), r.asString());
            }
        }
        assertTrue(throttled != null, "the attacker's address is throttled");
        throttled.then().body("code", equalTo("RATE_LIMITED"));
        assertTrue(Long.parseLong(throttled.header("Retry-After")) >= 1);
        // with the right secret too, from that address; never the client elsewhere
        token(gateway, ATTACKER, victim.key(), victim.secret()).then().statusCode(429);
        token(gateway, VICTIM, victim.key(), victim.secret()).then().statusCode(200);
    }
}
