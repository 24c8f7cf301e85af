package dev.marketplace.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.gateway.consumer.service.ChannelConsumerService;
import dev.marketplace.gateway.support.GatewayTest;
import dev.marketplace.gateway.support.GatewayTestResource;
import dev.marketplace.gateway.support.TestClock;
import dev.marketplace.testkit.PostgresResource;
import dev.marketplace.testkit.RedisResource;
import dev.marketplace.testkit.SignpostSigner;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;

/** GET /api/account/v2/companies: bucket of 20 per consumer, leaking 5 per second. */
@QuarkusTest
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "gateway"))
@QuarkusTestResource(RedisResource.class)
@QuarkusTestResource(GatewayTestResource.class)
class RateLimitTest extends GatewayTest {
    private static final String COMPANIES = "/api/account/v2/companies";
    private final ChannelConsumerService consumers;
    private final TestClock clock;

    RateLimitTest(ChannelConsumerService consumers, TestClock clock) {
        this.consumers = consumers;
        this.clock = clock;
    }

    @AfterEach
    void realTime() {
        clock.release();
    }

    private static Response list(SignpostSigner signer) {
        return signed(signer, "GET", COMPANIES).get(COMPANIES);
    }

    @Test
    void deterministicBucketOfTwentyLeakingFivePerSecond() {
        SignpostSigner signer = channelConsumer(consumers, "BUCKETCLOCK", Roles.PARTNER);
        clock.freeze();
        for (int i = 0; i < 20; i++) {
            assertEquals(200, list(signer).statusCode(), "request " + (i + 1));
        }
        list(signer).then().statusCode(429).header("Retry-After", "1").body("code", equalTo("RATE_LIMITED"));

        clock.advance(Duration.ofSeconds(1));
        for (int i = 0; i < 5; i++) {
            assertEquals(200, list(signer).statusCode(), "after 1 s, request " + (i + 1));
        }
        list(signer).then().statusCode(429);

        // a steady 5 per second (one every 200 ms) is never refused, even from an empty bucket
        for (int i = 0; i < 15; i++) {
            clock.advance(Duration.ofMillis(200));
            assertEquals(200, list(signer).statusCode(), "steady request " + (i + 1));
        }
        // 100 ms after the last one only half a request has leaked: refused, retry after ceil(0.1 s) = 1 s
        clock.advance(Duration.ofMillis(100));
        list(signer).then().statusCode(429).header("Retry-After", "1");

        // other paths and other methods are not limited, other consumers have their own bucket
        String one = COMPANIES + "/some-company";
        given().header("Authorization", signer.authorization("GET", url(one), null)).get(one).then().statusCode(200);
        given().header("Authorization", signer.authorization("POST", url(COMPANIES), null)).contentType("application/json")
                .body("{}").post(COMPANIES).then().statusCode(200);
        SignpostSigner other = channelConsumer(consumers, "BUCKETOTHER", Roles.PARTNER);
        list(other).then().statusCode(200);
    }

    @Test
    void headATrailingSlashAndPathParametersDrawFromTheSameBucketOrAreRefused() {
        SignpostSigner signer = channelConsumer(consumers, "BUCKETBYPASS", Roles.PARTNER);
        clock.freeze();
        // ";x=1" is not another path: refused before anything else
        String parameter = COMPANIES + ";x=1";
        given().urlEncodingEnabled(false).header("Authorization", signer.authorization("GET", url(parameter), null))
                .get(parameter).then().statusCode(400).body("code", equalTo("INVALID_PATH"));
        // HEAD, a trailing slash and GET, interleaved: one bucket of 20 between them (before: each was unlimited)
        int passed = 0;
        int limited = 0;
        for (int i = 0; i < 30; i++) {
            Response r = switch (i % 3) {
                case 0 -> given().header("Authorization", signer.authorization("HEAD", url(COMPANIES), null)).head(COMPANIES);
                case 1 -> given().header("Authorization", signer.authorization("GET", url(COMPANIES + "/"), null))
                        .get(COMPANIES + "/");
                default -> list(signer);
            };
            if (r.statusCode() == 200) {
                passed++;
            } else {
                assertEquals(429, r.statusCode(), "call " + (i + 1));
                assertEquals("1", r.header("Retry-After"));
                limited++;
            }
        }
        assertEquals(20, passed);
        assertEquals(10, limited);
    }

    @Test
    void realTimeBurstThenLeak() throws InterruptedException {
        SignpostSigner signer = channelConsumer(consumers, "BUCKETREAL", Roles.PARTNER);
        // warm up the whole path (JIT, connection pools) with another consumer's bucket
        SignpostSigner warmUp = channelConsumer(consumers, "BUCKETWARM", Roles.PARTNER);
        for (int i = 0; i < 15; i++) {
            list(warmUp);
        }
        // Back to back as fast as this machine allows (signed up front). On a loaded machine a request may take longer
        // than the 200 ms it takes one to leak out, so keep going until the bucket runs dry.
        List<String> headers = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            headers.add(signer.authorization("GET", url(COMPANIES), null));
        }
        long start = System.nanoTime();
        int passed = 0;
        Response refused = null;
        for (String header : headers) {
            Response r = given().header("Authorization", header).get(COMPANIES);
            if (r.statusCode() == 429) {
                refused = r;
                break;
            }
            assertEquals(200, r.statusCode());
            passed++;
        }
        double elapsedSeconds = (System.nanoTime() - start) / 1e9;
        // the first 20 always pass; whatever leaked out meanwhile (5 per second of the burst) may pass as well, no more
        assertTrue(passed >= 20 && passed <= 20 + (int) Math.ceil(elapsedSeconds * 5),
                passed + " passed in " + elapsedSeconds + " s");
        assertTrue(refused != null, "the burst was refused at some point (" + passed + " passed in " + elapsedSeconds + " s)");
        assertEquals("RATE_LIMITED", refused.jsonPath().getString("code"));
        assertEquals("1", refused.header("Retry-After"));

        Thread.sleep(1050);
        for (int i = 0; i < 5; i++) {
            assertEquals(200, list(signer).statusCode(), "after 1 s, request " + (i + 1));
        }
    }

    @Test
    void realTimeSteadyFivePerSecondIsNeverRefused() throws InterruptedException {
        SignpostSigner signer = channelConsumer(consumers, "BUCKETSTEADY", Roles.PARTNER);
        long start = System.nanoTime();
        for (int i = 0; i < 20; i++) {
            long due = start + i * 200_000_000L;
            long wait = (due - System.nanoTime()) / 1_000_000;
            if (wait > 0) {
                Thread.sleep(wait);
            }
            assertEquals(200, list(signer).statusCode(), "steady request " + (i + 1));
        }
    }
}
