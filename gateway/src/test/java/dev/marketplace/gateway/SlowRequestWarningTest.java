package dev.marketplace.gateway;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.gateway.consumer.service.ChannelConsumerService;
import dev.marketplace.gateway.routing.service.HeldRequests;
import dev.marketplace.gateway.support.CapturedLog;
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

/**
 * A request the gateway holds for more than a second is logged once at WARN with its request id and what it waits on;
 * a fast one is not. The stand-in service answers after {@code ?delay} ms; the upstream timeout is raised above the
 * delays here (the other tests' is 1 s).
 */
@QuarkusTest
@TestProfile(SlowRequestWarningTest.PatientUpstreams.class)
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "gateway"))
@QuarkusTestResource(RedisResource.class)
@QuarkusTestResource(GatewayTestResource.class)
class SlowRequestWarningTest extends GatewayTest {
    private static final String USERS = "/api/account/v2/users";
    /** Two sweeps of a 1 s threshold: time enough for a warning that should not come to have come. */
    private static final long QUIET_MILLIS = 600;
    private final ChannelConsumerService consumers;
    private SignpostSigner signer;
    private CapturedLog log;

    public static class PatientUpstreams implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("marketplace.gateway.upstream-timeout", "10s",
                    "marketplace.gateway.slow-request-threshold", "1s");
        }
    }

    SlowRequestWarningTest(ChannelConsumerService consumers) {
        this.consumers = consumers;
    }

    @BeforeEach
    void consumerAndLog() {
        signer = channelConsumer(consumers, "SLOWWATCH", Roles.PARTNER);
        log = CapturedLog.warningsOf(HeldRequests.class);
    }

    @AfterEach
    void stopCapturing() {
        log.close();
    }

    private Response signedGet(String path, String requestId) {
        return signed(signer, "GET", path).header("X-Request-Id", requestId).get(path);
    }

    @Test
    void aRequestHeldOverASecondByASlowUpstreamIsWarnedOnceNamingItsIdAndTheUpstream() throws Exception {
        String id = "slow-" + UUID.randomUUID();
        long start = System.nanoTime();
        signedGet(USERS + "?delay=1500", id).then().statusCode(200).header("X-Request-Id", id);
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis >= 1500, "the upstream took its time: " + millis + " ms");
        Thread.sleep(QUIET_MILLIS);
        List<String> warnings = log.mentioning(id);
        assertEquals(1, warnings.size(), "one warning for the request: " + warnings);
        String warning = warnings.get(0);
        assertTrue(warning.contains("GET " + USERS) && warning.contains("the upstream service account")
                && warning.contains("http://localhost:" + Upstreams.port()), warning);
        assertFalse(warning.contains("delay="), "no query string in the log (it may carry signatures): " + warning);
    }

    @Test
    void aRequestStillHeldIsWarnedWhileItWaits() throws Exception {
        String id = "hung-" + UUID.randomUUID();
        String path = "/api/lead/v2/leads?delay=3000";
        HttpRequest request = HttpRequest.newBuilder(URI.create(url(path))).timeout(Duration.ofSeconds(10))
                .header("Authorization", signer.authorization("GET", url(path), null)).header("X-Request-Id", id).build();
        CompletableFuture<HttpResponse<String>> answer = HttpClient.newHttpClient().sendAsync(request,
                HttpResponse.BodyHandlers.ofString());
        CompletableFuture<Long> answeredAt = answer.thenApply(ignored -> System.currentTimeMillis());
        assertEquals(200, answer.get(10, TimeUnit.SECONDS).statusCode());
        assertEquals(id, answer.get().headers().firstValue("X-Request-Id").orElse(null));
        Thread.sleep(QUIET_MILLIS);
        List<CapturedLog.Entry> warnings = log.entriesMentioning(id);
        assertEquals(1, warnings.size(), "one warning, and not again once answered: " + warnings);
        assertTrue(warnings.get(0).millis() < answeredAt.get(), "warned before the answer came: " + warnings);
        assertTrue(warnings.get(0).message().contains("has been held")
                && warnings.get(0).message().contains("the upstream service lead"), warnings.get(0).message());
    }

    @Test
    void fastRequestsAreNotWarned() throws Exception {
        String prefix = "fast-" + UUID.randomUUID();
        // the first requests of a freshly started gateway (Redis and upstream connections opened, code not yet compiled)
        // can truly be held a second on a busy machine: not the ones judged here
        for (int i = 0; i < 3; i++) {
            signedGet(USERS, "warm-up-" + UUID.randomUUID()).then().statusCode(200);
        }
        List<String> judged = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            long start = System.nanoTime();
            signedGet(USERS + (i % 2 == 0 ? "" : "?delay=100"), prefix + "-" + i).then().statusCode(200);
            // the client's time bounds the gateway's hold: a call the client saw answered well within the threshold was
            // not held over it
            if (System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(900)) {
                judged.add(prefix + "-" + i + " ");
            }
        }
        // refused ones neither
        given().header("X-Request-Id", prefix + "-refused").get(USERS).then().statusCode(403);
        judged.add(prefix + "-refused ");
        Thread.sleep(QUIET_MILLIS);
        assertTrue(judged.size() > 5, "most calls were fast: " + judged);
        for (String id : judged) {
            assertEquals(List.of(), log.mentioning("Request " + id), id);
        }
    }
}
