package dev.marketplace.gateway;

import static dev.marketplace.testkit.ErrorBodies.errorBody;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import dev.marketplace.common.security.Roles;
import dev.marketplace.gateway.consumer.service.ChannelConsumerService;
import dev.marketplace.gateway.support.GatewayTest;
import dev.marketplace.gateway.support.GatewayTestResource;
import dev.marketplace.gateway.support.Upstreams;
import dev.marketplace.testkit.PostgresResource;
import dev.marketplace.testkit.RedisResource;
import dev.marketplace.testkit.SignpostSigner;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import io.vertx.core.json.JsonObject;

/**
 * What bounds the work a caller can make the gateway do for nothing, with small limits: a nonce quota per consumer,
 * unknown consumer keys remembered, token requests per client (counted once the secret verified, so that nobody else
 * can spend them), failed authentications per client address (last: it blocks this test's own address).
 */
@QuarkusTest
@TestProfile(AbuseLimitsTest.SmallLimits.class)
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "gateway"))
@QuarkusTestResource(RedisResource.class)
@QuarkusTestResource(GatewayTestResource.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AbuseLimitsTest extends GatewayTest {
    private static final String PATH = "/api/lead/v2/leads";
    private final ChannelConsumerService consumers;

    public static class SmallLimits implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("marketplace.gateway.oauth1.nonce-quota", "5",
                    "marketplace.gateway.abuse.unknown-key-ttl", "2s",
                    "marketplace.gateway.abuse.token-requests.capacity", "3",
                    "marketplace.gateway.abuse.token-requests.refill-tokens", "1",
                    "marketplace.gateway.abuse.token-requests.refill-period", "1h",
                    "marketplace.gateway.abuse.failed-authentications.capacity", "10",
                    "marketplace.gateway.abuse.failed-authentications.refill-tokens", "1",
                    "marketplace.gateway.abuse.failed-authentications.refill-period", "1h");
        }
    }

    AbuseLimitsTest(ChannelConsumerService consumers) {
        this.consumers = consumers;
    }

    @Test
    @Order(1)
    void aConsumerMayStoreOnlyItsQuotaOfNoncesPerWindow() {
        SignpostSigner busy = channelConsumer(consumers, "NONCEQUOTA", Roles.PARTNER);
        for (int i = 0; i < 5; i++) {
            given().header("Authorization", busy.authorization("GET", url(PATH), null)).get(PATH).then().statusCode(200);
        }
        // a window of 300 s drains one nonce every 60 s: the sixth waits for it
        Response refused = given().header("Authorization", busy.authorization("GET", url(PATH), null)).get(PATH);
        assertEquals(429, refused.statusCode());
        assertEquals("RATE_LIMITED", refused.jsonPath().getString("code"));
        long retryAfter = Long.parseLong(refused.header("Retry-After"));
        assertTrue(retryAfter > 0 && retryAfter <= 60, "Retry-After " + retryAfter);
        // another consumer has a quota of its own
        SignpostSigner other = channelConsumer(consumers, "NONCEQUOTA2", Roles.PARTNER);
        given().header("Authorization", other.authorization("GET", url(PATH), null)).get(PATH).then().statusCode(200);
    }

    @Test
    @Order(2)
    void anUnknownConsumerKeyIsAskedOfCatalogOnceWhileItIsRemembered() throws InterruptedException {
        Upstreams.CATALOG_AUTHORIZATIONS.clear();
        SignpostSigner ghost = new SignpostSigner("ghost-vendor", "ghost-secret");
        for (int i = 0; i < 4; i++) {
            given().header("Authorization", ghost.authorization("GET", url(PATH), null)).get(PATH).then().statusCode(403)
                    .body(errorBody(FORBIDDEN));
        }
        assertEquals(1, Upstreams.CATALOG_AUTHORIZATIONS.size(), "catalog asked once for a key it does not know");
        // once catalog knows it, the key works after the unknown-key TTL (2 s here)
        Upstreams.VENDORS.put("ghost-vendor", new JsonObject().put("consumerKey", "ghost-vendor")
                .put("consumerSecret", "ghost-secret").put("productId", 99).put("partner", "GHOSTS"));
        try {
            Thread.sleep(2100);
            String event = "/api/integration/v1/events/t-1";
            given().header("Authorization", ghost.authorization("GET", url(event), null)).get(event).then().statusCode(200);
        } finally {
            Upstreams.VENDORS.remove("ghost-vendor");
        }
    }

    @Test
    @Order(3)
    void wrongSecretsSpendNothingOfTheClientsTokenRequests() {
        channelConsumer(consumers, "LOCKOUT", Roles.PARTNER);
        // a client id is no secret (it travels in every signed call): more wrong secrets than the client may ask tokens
        for (int i = 0; i < 4; i++) {
            given().auth().preemptive().basic(keyOf("LOCKOUT"), "x").formParam("grant_type", "client_credentials")
                    .post("/oauth2/token").then().statusCode(403).body(errorBody(FORBIDDEN));
        }
        // the client still gets its own three, and only then waits
        for (int i = 0; i < 3; i++) {
            given().auth().preemptive().basic(keyOf("LOCKOUT"), secretOf("LOCKOUT")).formParam("grant_type",
                    "client_credentials").post("/oauth2/token").then().statusCode(200);
        }
        given().auth().preemptive().basic(keyOf("LOCKOUT"), secretOf("LOCKOUT")).formParam("grant_type",
                "client_credentials").post("/oauth2/token").then().statusCode(429).body("code", equalTo("RATE_LIMITED"));
    }

    @Test
    @Order(4)
    void aClientMayAskForSoManyTokens() {
        channelConsumer(consumers, "TOKENRATE", Roles.PARTNER);
        for (int i = 0; i < 3; i++) {
            given().auth().preemptive().basic(keyOf("TOKENRATE"), secretOf("TOKENRATE")).formParam("grant_type",
                    "client_credentials").post("/oauth2/token").then().statusCode(200);
        }
        given().auth().preemptive().basic(keyOf("TOKENRATE"), secretOf("TOKENRATE")).formParam("grant_type",
                "client_credentials").post("/oauth2/token").then().statusCode(429).body("code", equalTo("RATE_LIMITED"))
                .header("Retry-After", org.hamcrest.Matchers.notNullValue());
    }

    @Test
    @Order(5)
    void anAddressWhoseAuthenticationsKeepFailingIsRefusedBeforeAnyWork() {
        SignpostSigner good = channelConsumer(consumers, "FAILURES", Roles.PARTNER);
        SignpostSigner wrong = new SignpostSigner(keyOf("FAILURES"), "not-the-secret");
        // failures so far in this class: the four unknown-key calls, the four wrong secrets; two more fill the bucket of ten
        for (int i = 0; i < 2; i++) {
            given().header("Authorization", wrong.authorization("GET", url(PATH), null)).get(PATH).then().statusCode(403);
        }
        Upstreams.CATALOG_AUTHORIZATIONS.clear();
        // now even a valid signature from this address waits, and an unknown key costs no lookup
        given().header("Authorization", good.authorization("GET", url(PATH), null)).get(PATH).then().statusCode(429)
                .body("code", equalTo("RATE_LIMITED")).header("Retry-After", org.hamcrest.Matchers.notNullValue());
        given().header("Authorization", new SignpostSigner("another-ghost", "x").authorization("GET", url(PATH), null))
                .get(PATH).then().statusCode(429);
        given().auth().preemptive().basic(keyOf("FAILURES"), secretOf("FAILURES")).formParam("grant_type", "client_credentials")
                .post("/oauth2/token").then().statusCode(429);
        assertEquals(0, Upstreams.CATALOG_AUTHORIZATIONS.size());
        // health stays reachable for probes (on the management port)
        given().get(health.toString()).then().statusCode(200);
    }

    @io.quarkus.test.common.http.TestHTTPResource(value = "/health/live", management = true)
    java.net.URL health;
}
