package dev.marketplace.gateway;

import static dev.marketplace.testkit.ErrorBodies.errorBody;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.gateway.consumer.service.ChannelConsumerService;
import dev.marketplace.gateway.support.GatewayTest;
import dev.marketplace.gateway.support.GatewayTestResource;
import dev.marketplace.gateway.support.Upstreams;
import dev.marketplace.testkit.PostgresResource;
import dev.marketplace.testkit.Redis;
import dev.marketplace.testkit.RedisCommands;
import dev.marketplace.testkit.RedisResource;
import dev.marketplace.testkit.SignpostSigner;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;

/**
 * The real redis-server stopped under a running gateway and started again: while it is away, every signed call and every
 * rate-limited call is answered 503 STATE_UNAVAILABLE (never let through unchecked, never a false 403), calls that
 * need no shared state still pass, and once it is back the gateway recovers by itself, still refusing a nonce accepted
 * before the outage (the server keeps an append-only file, as a production Redis should). A Redis that is full (its
 * maxmemory reached, with noeviction) refuses to record nonces, which is the same 503, never a pass.
 */
@QuarkusTest
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "gateway"))
@QuarkusTestResource(RedisResource.class)
@QuarkusTestResource(GatewayTestResource.class)
class SharedStateOutageTest extends GatewayTest {
    private static final String PATH = "/api/lead/v2/leads";
    private static final String COMPANIES = "/api/account/v2/companies";
    private static final String NOT_OVERLAPPED = "/api/notification/v1/anything";
    private final ChannelConsumerService consumers;

    SharedStateOutageTest(ChannelConsumerService consumers) {
        this.consumers = consumers;
    }

    @AfterEach
    void redisRunning() {
        Redis.start();
    }

    private static Response signedGet(String authorization, String path) {
        return given().header("Authorization", authorization).get(path);
    }

    @Test
    void whileRedisIsDownSignedCallsGet503AndTheGatewayRecoversByItselfWhenItIsBack() throws Exception {
        SignpostSigner signer = channelConsumer(consumers, "OUTAGE", Roles.PARTNER);
        String acceptedBefore = signer.authorization("GET", url(PATH), null);
        signedGet(acceptedBefore, PATH).then().statusCode(200);
        String bearer = given().auth().preemptive().basic(keyOf("OUTAGE"), secretOf("OUTAGE")).formParam("grant_type", "client_credentials")
                .post("/oauth2/token").then().statusCode(200).extract().path("access_token");

        Redis.stop();
        for (int i = 0; i < 5; i++) {
            // a fresh signature, and the replay of one accepted before: neither can be checked, neither passes
            String fresh = signer.authorization("GET", url(PATH), null);
            signedGet(fresh, PATH).then().statusCode(503).header("Connection", "close")
                    .body("code", equalTo("STATE_UNAVAILABLE"))
                    .body("message", equalTo("The gateway cannot check requests right now; try again in a few seconds"));
            signedGet(acceptedBefore, PATH).then().statusCode(503).body("code", equalTo("STATE_UNAVAILABLE"));
            // the same without the overlap of read and nonce check (PATH's route has it), and for a write
            signedGet(signer.authorization("GET", url(NOT_OVERLAPPED), null), NOT_OVERLAPPED).then().statusCode(503)
                    .body("code", equalTo("STATE_UNAVAILABLE"));
            given().header("Authorization", signer.authorization("POST", url(PATH), null)).contentType("application/json")
                    .body("{}").post(PATH).then().statusCode(503).body("code", equalTo("STATE_UNAVAILABLE"));
        }
        // a bearer token needs no nonce: it still passes, except where a rate limit applies, which is not waived
        given().header("Authorization", "Bearer " + bearer).get(PATH).then().statusCode(200);
        given().header("Authorization", "Bearer " + bearer).get(COMPANIES).then().statusCode(503)
                .body("code", equalTo("STATE_UNAVAILABLE"));

        Redis.start();
        // each event loop has its own connection and tries again reconnect-delay (250 ms) after a failed attempt:
        // recovered means every call passes again, several in a row
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        int inARow = 0;
        while (inARow < 10 && System.nanoTime() < deadline) {
            int status = signedGet(signer.authorization("GET", url(PATH), null), PATH).statusCode();
            assertTrue(status == 200 || status == 503, "only 503 until Redis is back, then 200: " + status);
            inARow = status == 200 ? inARow + 1 : 0;
            Thread.sleep(20);
        }
        assertEquals(10, inARow, "signed calls pass again once Redis is back");

        signedGet(acceptedBefore, PATH).then().statusCode(403).body(errorBody(FORBIDDEN));
        given().header("Authorization", "Bearer " + bearer).get(COMPANIES).then().statusCode(200);
        String once = signer.authorization("GET", url(PATH), null);
        signedGet(once, PATH).then().statusCode(200);
        signedGet(once, PATH).then().statusCode(403);
    }

    @Test
    void aReadForwardedWhileRedisIsSlowIsHeldUntilRedisHasRecordedItsNonce() throws Exception {
        // PATH's route overlaps the nonce check with the read: the echo answers at once, Redis only when it wakes up
        SignpostSigner signer = channelConsumer(consumers, "SLOW", Roles.PARTNER);
        String probe = "slow-" + java.util.UUID.randomUUID();
        String read = PATH + "?probe=" + probe;
        String authorization = signer.authorization("GET", url(read), null);
        try (RedisCommands.Asleep asleep = RedisCommands.sleep(0.6)) {
            long started = System.nanoTime();
            signedGet(authorization, read).then().statusCode(200).header("X-Upstream", "echo");
            long heldMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            assertTrue(heldMillis >= 300, "the answer waited for Redis, not " + heldMillis + " ms");
        }
        try (RedisCommands.Asleep asleep = RedisCommands.sleep(0.6)) {
            signedGet(authorization, read).then().statusCode(403).header("X-Upstream", nullValue()).body(errorBody(FORBIDDEN));
        }
        assertEquals(2, Upstreams.PROBES.get(probe), "both reads went ahead while Redis slept");

        // longer than the command timeout (1 s): Redis could not tell, so the answer the service gave is dropped
        String unchecked = signer.authorization("GET", url(read), null);
        try (RedisCommands.Asleep asleep = RedisCommands.sleep(1.8)) {
            signedGet(unchecked, read).then().statusCode(503).header("X-Upstream", nullValue())
                    .body("code", equalTo("STATE_UNAVAILABLE"));
        }
        assertEquals(3, Upstreams.PROBES.get(probe));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        int status = 0;
        while (status != 200 && System.nanoTime() < deadline) {
            status = signedGet(signer.authorization("GET", url(read), null), read).statusCode();
            Thread.sleep(20);
        }
        assertEquals(200, status, "the gateway recovers by itself once Redis answers again");
    }

    @Test
    void aFullRedisRefusesToRecordNoncesSoSignedCallsGet503NeverAPass() throws Exception {
        SignpostSigner signer = channelConsumer(consumers, "FULL", Roles.PARTNER);
        String acceptedBefore = signer.authorization("GET", url(PATH), null);
        signedGet(acceptedBefore, PATH).then().statusCode(200);
        String probe = "full-" + java.util.UUID.randomUUID();
        String read = PATH + "?probe=" + probe;
        // maxmemory below what Redis already uses, with noeviction: every SET is refused with OOM, nothing is evicted
        assertEquals("+OK", RedisCommands.command("CONFIG", "SET", "maxmemory", "1"));
        try {
            signedGet(signer.authorization("GET", url(read), null), read).then().statusCode(503)
                    .header("X-Upstream", nullValue()).body("code", equalTo("STATE_UNAVAILABLE"));
            signedGet(acceptedBefore, PATH).then().statusCode(503).body("code", equalTo("STATE_UNAVAILABLE"));
            signedGet(signer.authorization("GET", url(NOT_OVERLAPPED), null), NOT_OVERLAPPED).then().statusCode(503)
                    .body("code", equalTo("STATE_UNAVAILABLE"));
            given().header("Authorization", signer.authorization("POST", url(PATH), null)).contentType("application/json")
                    .body("{}").post(PATH).then().statusCode(503).body("code", equalTo("STATE_UNAVAILABLE"));
        } finally {
            assertEquals("+OK", RedisCommands.command("CONFIG", "SET", "maxmemory", "0"));
        }
        // the overlapped read reached the service, its answer was dropped; the connection to Redis was kept
        assertEquals(1, Upstreams.probesOnceReached(probe, 1));
        signedGet(signer.authorization("GET", url(PATH), null), PATH).then().statusCode(200);
        signedGet(acceptedBefore, PATH).then().statusCode(403).body(errorBody(FORBIDDEN));
    }
}
