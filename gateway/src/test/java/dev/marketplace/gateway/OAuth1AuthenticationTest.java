package dev.marketplace.gateway;

import static dev.marketplace.testkit.ErrorBodies.withoutRequestId;
import static dev.marketplace.testkit.ErrorBodies.errorBody;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.jose4j.jwt.JwtClaims;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.gateway.consumer.service.ChannelConsumerService;
import dev.marketplace.gateway.support.GatewayTest;
import dev.marketplace.gateway.support.GatewayTestResource;
import dev.marketplace.gateway.support.Signing;
import dev.marketplace.gateway.support.Upstreams;
import dev.marketplace.testkit.PostgresResource;
import dev.marketplace.testkit.RedisResource;
import dev.marketplace.testkit.SignpostSigner;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import oauth.signpost.signature.PlainTextMessageSigner;

@QuarkusTest
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "gateway"))
@QuarkusTestResource(RedisResource.class)
@QuarkusTestResource(GatewayTestResource.class)
class OAuth1AuthenticationTest extends GatewayTest {
    private final ChannelConsumerService consumers;
    private SignpostSigner acme;

    OAuth1AuthenticationTest(ChannelConsumerService consumers) {
        this.consumers = consumers;
    }

    @BeforeEach
    void consumers() {
        acme = channelConsumer(consumers, "ACME", Roles.PARTNER);
    }

    @Test
    void headerSignedGetIsForwardedWithInternalTokenInsteadOfClientAuthorization() throws Exception {
        String path = "/api/account/v2/companies/abc?size=5&q=a%20b";
        String authorization = acme.authorization("GET", url(path), null);
        JsonPath echo = given().urlEncodingEnabled(false).header("Authorization", authorization).header("X-Custom", "kept")
                .get(path).then().statusCode(200).header("X-Upstream", "echo").extract().jsonPath();

        assertEquals("GET", echo.getString("method"));
        assertEquals("/api/account/v2/companies/abc", echo.getString("path"));
        assertEquals("size=5&q=a%20b", echo.getString("query"));
        assertEquals("kept", echo.getString("headers.x-custom[0]"));
        assertFalse(echo.getString("headers.authorization[0]").contains("OAuth"), "client Authorization must not reach upstream");
        JwtClaims claims = forwardedToken(echo);
        assertEquals(keyOf("ACME"), claims.getSubject());
        assertEquals("ACME", claims.getStringClaimValue("partner"));
        assertEquals("channel", claims.getStringClaimValue("ctype"));
        assertEquals(List.of(Roles.PARTNER), claims.getStringListClaimValue("groups"));
        assertNull(claims.getClaimValue("user"));
        assertTrue(claims.getExpirationTime().getValue() - claims.getIssuedAt().getValue() <= 60);
    }

    @Test
    void bootstrapConsumerFromConfigurationCanCallAtOnce() throws Exception {
        SignpostSigner bootstrap = new SignpostSigner("marketplace-admin", "marketplace-admin-secret");
        String path = "/api/lead/v2/leads";
        JsonPath echo = given().header("Authorization", bootstrap.authorization("GET", url(path), null)).get(path)
                .then().statusCode(200).extract().jsonPath();
        JwtClaims claims = forwardedToken(echo);
        assertEquals("MARKETPLACE", claims.getStringClaimValue("partner"));
        assertTrue(claims.getStringListClaimValue("groups").containsAll(
                List.of(Roles.PARTNER, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT)));
    }

    @Test
    void formBodyParametersAreSignedAndTheBodyArrivesUnchanged() {
        String path = "/api/billing/v1/things?x=1";
        String body = "name=Jo+Smith&note=caf%C3%A9%21&empty=";
        String authorization = acme.authorization("POST", url(path), body);
        JsonPath echo = given().urlEncodingEnabled(false).header("Authorization", authorization)
                .contentType("application/x-www-form-urlencoded").body(body).post(path)
                .then().statusCode(200).extract().jsonPath();
        assertEquals(body, echo.getString("body"));
        assertEquals("POST", echo.getString("method"));

        // the same signature over a different body is refused
        String other = acme.authorization("POST", url(path), body);
        given().urlEncodingEnabled(false).header("Authorization", other)
                .contentType("application/x-www-form-urlencoded").body("name=Someone+Else&note=caf%C3%A9%21&empty=").post(path)
                .then().statusCode(403).body(errorBody(FORBIDDEN));
    }

    @Test
    void querySignedRequestPasses() {
        String signed = acme.signedUrl("GET", url("/api/marketplace/v1/products?lang=en"));
        String relative = signed.substring(url("").length());
        JsonPath echo = given().urlEncodingEnabled(false).get(relative).then().statusCode(200).extract().jsonPath();
        assertEquals("/api/marketplace/v1/products", echo.getString("path"));
        assertTrue(echo.getString("query").contains("oauth_signature="), "query passes through unchanged");
    }

    @Test
    void requestorIdBecomesTheUserOfTheInternalToken() throws Exception {
        UUID user = UUID.randomUUID();
        String path = "/api/account/v2/users/me?xoauth_requestor_id=" + user;
        JsonPath echo = given().urlEncodingEnabled(false).header("Authorization", acme.authorization("GET", url(path), null))
                .get(path).then().statusCode(200).extract().jsonPath();
        assertEquals(user.toString(), forwardedToken(echo).getStringClaimValue("user"));

        String bad = "/api/account/v2/users/me?xoauth_requestor_id=not-a-uuid";
        given().urlEncodingEnabled(false).header("Authorization", acme.authorization("GET", url(bad), null)).get(bad)
                .then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                .body("message", equalTo("xoauth_requestor_id: must be a user UUID"));
    }

    @Test
    void everyAuthenticationFailureIsTheSamePlain403() {
        String path = "/api/account/v2/companies/x";
        List<Response> refused = new ArrayList<>();
        // missing
        refused.add(given().get(path));
        // signature made for another path
        refused.add(given().header("Authorization", acme.authorization("GET", url("/api/account/v2/companies/y"), null)).get(path));
        // wrong secret
        refused.add(given().header("Authorization", new SignpostSigner(keyOf("ACME"), "wrong").authorization("GET", url(path), null))
                .get(path));
        // unknown consumer (catalog answers 404 as well)
        refused.add(given().header("Authorization", new SignpostSigner("nobody", "x").authorization("GET", url(path), null)).get(path));
        // timestamp outside the ±300 s window, both ways (with margin for a slow machine between signing and checking)
        refused.add(given().header("Authorization", Signing.authorization(keyOf("ACME"), secretOf("ACME"), "GET", url(path), null,
                System.currentTimeMillis() / 1000 - 330, null, null)).get(path));
        refused.add(given().header("Authorization", Signing.authorization(keyOf("ACME"), secretOf("ACME"), "GET", url(path), null,
                System.currentTimeMillis() / 1000 + 330, null, null)).get(path));
        // PLAINTEXT signature method
        refused.add(given().header("Authorization", Signing.authorization(keyOf("ACME"), secretOf("ACME"), "GET", url(path), null,
                null, null, new PlainTextMessageSigner())).get(path));
        // not OAuth at all
        refused.add(given().header("Authorization", "Basic Zm9vOmJhcg==").get(path));

        for (Response r : refused) {
            assertEquals(403, r.statusCode());
            assertEquals(FORBIDDEN, withoutRequestId(r.asString()));
            assertEquals("application/json", r.contentType());
        }

        // timestamps inside the window are accepted: the window check is not simply refusing everything custom
        given().header("Authorization", Signing.authorization(keyOf("ACME"), secretOf("ACME"), "GET", url(path), null,
                System.currentTimeMillis() / 1000 - 270, null, null)).get(path).then().statusCode(200);
        given().header("Authorization", Signing.authorization(keyOf("ACME"), secretOf("ACME"), "GET", url(path), null,
                System.currentTimeMillis() / 1000 + 270, null, null)).get(path).then().statusCode(200);
    }

    @Test
    void replayedNonceIsRefusedButAFreshOneForAnotherConsumerIsNot() {
        String path = "/api/account/v2/companies";
        String authorization = acme.authorization("GET", url(path), null);
        given().header("Authorization", authorization).get(path).then().statusCode(200);
        given().header("Authorization", authorization).get(path).then().statusCode(403).body(errorBody(FORBIDDEN));

        // the nonce is per consumer: another consumer may use the same nonce value
        SignpostSigner other = channelConsumer(consumers, "NONCE2", Roles.PARTNER);
        String nonce = "shared-nonce-" + UUID.randomUUID();
        given().header("Authorization", Signing.authorization(keyOf("ACME"), secretOf("ACME"), "GET", url(path), null, null, nonce,
                null)).get(path).then().statusCode(200);
        given().header("Authorization", Signing.authorization(keyOf("NONCE2"), secretOf("NONCE2"), "GET", url(path), null, null,
                nonce, null)).get(path).then().statusCode(200);
        given().header("Authorization", Signing.authorization(keyOf("NONCE2"), secretOf("NONCE2"), "GET", url(path), null, null,
                nonce, null)).get(path).then().statusCode(403);
        assertTrue(other != null);
    }

    @Test
    void aReplayedReadOnARouteThatOverlapsTheCheckReachesTheServiceButNothingOfItsAnswerComesBack() throws Exception {
        // account: overlap-replay-check (the read goes ahead while Redis records the nonce); notification: not
        String probe = "overlap-" + UUID.randomUUID();
        String read = "/api/account/v2/companies/" + UUID.randomUUID() + "/users?probe=" + probe;
        String replayed = acme.authorization("GET", url(read), null);
        given().header("Authorization", replayed).get(read).then().statusCode(200).header("X-Upstream", "echo");
        given().header("Authorization", replayed).get(read).then().statusCode(403).header("X-Upstream", nullValue())
                .body(errorBody(FORBIDDEN));
        // a GET's signature does not fit a HEAD (the method is signed); a HEAD's own first use passes, its replay not
        given().header("Authorization", replayed).head(read).then().statusCode(403);
        String head = acme.authorization("HEAD", url(read), null);
        given().header("Authorization", head).head(read).then().statusCode(200).header("X-Upstream", "echo");
        given().header("Authorization", head).head(read).then().statusCode(403).header("X-Upstream", nullValue());
        assertEquals(4, Upstreams.probesOnceReached(probe, 4), "the replays were forwarded while Redis answered, then dropped");

        String notOverlapped = "/api/notification/v1/anything?probe=" + probe + "-n";
        String once = acme.authorization("GET", url(notOverlapped), null);
        given().header("Authorization", once).get(notOverlapped).then().statusCode(200);
        given().header("Authorization", once).get(notOverlapped).then().statusCode(403).body(errorBody(FORBIDDEN));
        assertEquals(1, Upstreams.PROBES.get(probe + "-n"), "a replay on a route without the overlap never reaches it");

        // a write is never forwarded before its nonce is recorded, on any route
        String write = "/api/account/v2/companies/" + UUID.randomUUID() + "/users?probe=" + probe + "-w";
        String post = acme.authorization("POST", url(write), null);
        given().header("Authorization", post).contentType("application/json").body("{}").post(write).then().statusCode(200);
        given().header("Authorization", post).contentType("application/json").body("{}").post(write).then().statusCode(403);
        assertEquals(1, Upstreams.PROBES.get(probe + "-w"));

        // the connection the dropped answers came on is still good: fresh reads pass
        for (int i = 0; i < 5; i++) {
            given().header("Authorization", acme.authorization("GET", url(read), null)).get(read).then().statusCode(200);
        }
    }

    @Test
    void concurrentCallsAllPassWithFreshNoncesAndOnlyOneUseOfAReplayedNonceWins() throws Exception {
        String path = "/api/lead/v2/leads";
        ExecutorService clients = Executors.newFixedThreadPool(16);
        try {
            List<Future<Integer>> fresh = new ArrayList<>();
            for (int i = 0; i < 48; i++) {
                String authorization = acme.authorization("GET", url(path), null);
                fresh.add(clients.submit(() -> given().header("Authorization", authorization).get(path).statusCode()));
            }
            for (Future<Integer> status : fresh) {
                assertEquals(200, status.get(30, TimeUnit.SECONDS));
            }

            // the same signed request many times at once: whichever batch or statement it lands in, one use wins
            String replayed = acme.authorization("GET", url(path), null);
            List<Future<Integer>> copies = new ArrayList<>();
            for (int i = 0; i < 24; i++) {
                copies.add(clients.submit(() -> given().header("Authorization", replayed).get(path).statusCode()));
            }
            int passed = 0;
            for (Future<Integer> status : copies) {
                int code = status.get(30, TimeUnit.SECONDS);
                assertTrue(code == 200 || code == 403, "unexpected " + code);
                passed += code == 200 ? 1 : 0;
            }
            assertEquals(1, passed);
        } finally {
            clients.shutdownNow();
        }
    }
}
