package dev.marketplace.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.gateway.consumer.service.ChannelConsumerService;
import dev.marketplace.gateway.routing.web.AccessLog;
import dev.marketplace.gateway.support.GatewayTest;
import dev.marketplace.gateway.support.GatewayTestResource;
import dev.marketplace.testkit.PostgresResource;
import dev.marketplace.testkit.RedisResource;
import dev.marketplace.testkit.SignpostSigner;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;

/**
 * The access log: one JSON line per request with method, route template, status, latency, consumer key, partner and
 * request id, and never the Authorization header, its signature, a bearer token, a secret or the query string. The
 * gateway's latency histogram is per route template, with buckets for a p99.
 */
@QuarkusTest
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "gateway"))
@QuarkusTestResource(RedisResource.class)
@QuarkusTestResource(GatewayTestResource.class)
class AccessLogTest extends GatewayTest {
    private static final String PARTNER = "ACCESSLOG";
    private final ChannelConsumerService consumers;
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            lines.add(record.getMessage());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private SignpostSigner signer;

    @TestHTTPResource(value = "/metrics", management = true)
    URL metrics;

    AccessLogTest(ChannelConsumerService consumers) {
        this.consumers = consumers;
    }

    @BeforeEach
    void listen() {
        signer = channelConsumer(consumers, PARTNER, Roles.PARTNER);
        Logger.getLogger(AccessLog.CATEGORY).addHandler(capture);
        Logger.getLogger(AccessLog.CATEGORY).setLevel(Level.INFO);
    }

    @AfterEach
    void stop() {
        Logger.getLogger(AccessLog.CATEGORY).removeHandler(capture);
    }

    /** The one access line of the request with this id (the line is written once the answer has been sent). */
    private JsonObject lineOf(String requestId) throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            for (String line : lines) {
                if (line.contains(requestId)) {
                    return new JsonObject(line);
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no access line for " + requestId + " in " + lines);
    }

    @Test
    void aSignedCallIsOneJsonLineWithItsRouteCallerAndIdAndNoSecret() throws Exception {
        String path = "/api/account/v2/companies/7a1c6a8e-0d3b-4a71-9a55-54d4e1c1a1b2/users";
        String query = "?filter=x&token=tok-in-query";
        String authorization = signer.authorization("GET", url(path + query), null);
        given().urlEncodingEnabled(false).header("Authorization", authorization).header("X-Request-Id", "access-signed-1")
                .get(path + query).then().statusCode(200);

        JsonObject line = lineOf("access-signed-1");
        assertEquals("GET", line.getString("method"));
        assertEquals("/api/account/**", line.getString("route"), "the route's template, not the path with its id");
        assertEquals(200, line.getInteger("status"));
        assertTrue(line.getDouble("latencyMs") >= 0 && line.getDouble("latencyMs") < 10_000, line.encode());
        assertEquals(keyOf(PARTNER), line.getString("consumerKey"));
        assertEquals(PARTNER, line.getString("partner"));
        assertEquals("access-signed-1", line.getString("requestId"));
        assertEquals(1, lines.stream().filter(l -> l.contains("access-signed-1")).count(), "one line per request");

        String all = String.join("\n", lines);
        Matcher signature = Pattern.compile("oauth_signature=\"([^\"]+)\"").matcher(authorization);
        assertTrue(signature.find());
        String nonce = authorization.replaceAll(".*oauth_nonce=\"([^\"]+)\".*", "$1");
        for (String secret : new String[] { signature.group(1), java.net.URLDecoder.decode(signature.group(1), "UTF-8"), nonce,
                secretOf(PARTNER), "tok-in-query", "filter=x", "7a1c6a8e", "OAuth " }) {
            assertFalse(all.contains(secret), "the access log holds " + secret + ": " + all);
        }
    }

    @Test
    void aBearerTokenNeverAppearsAndRefusalsAreLoggedWithoutACaller() throws Exception {
        String token = given().auth().preemptive().basic(keyOf(PARTNER), secretOf(PARTNER))
                .formParam("grant_type", "client_credentials").header("X-Request-Id", "access-token-1")
                .post("/oauth2/token").then().statusCode(200).extract().path("access_token");
        JsonObject issued = lineOf("access-token-1");
        assertEquals("/oauth2/token", issued.getString("route"));
        assertEquals("POST", issued.getString("method"));

        given().header("Authorization", "Bearer " + token).header("X-Request-Id", "access-bearer-1")
                .get("/api/account/v2/users").then().statusCode(200);
        JsonObject bearer = lineOf("access-bearer-1");
        assertEquals(keyOf(PARTNER), bearer.getString("consumerKey"));
        assertEquals(PARTNER, bearer.getString("partner"));

        given().header("Authorization", "Bearer not-a-token-" + token.substring(0, 12)).header("X-Request-Id", "access-refused-1")
                .get("/api/account/v2/users").then().statusCode(403);
        JsonObject refused = lineOf("access-refused-1");
        assertEquals(403, refused.getInteger("status"));
        assertEquals("/api/account/**", refused.getString("route"));
        assertNull(refused.getString("consumerKey"), "no caller for a refused call");

        given().header("X-Request-Id", "access-unknown-1").get("/api/nowhere/v1/42").then().statusCode(404);
        JsonObject unknown = lineOf("access-unknown-1");
        assertEquals(404, unknown.getInteger("status"));
        assertNull(unknown.getString("route"), "an unknown path is no route (no raw path in the log)");

        String all = String.join("\n", lines);
        assertFalse(all.contains(token), "the access log holds the bearer token");
        assertFalse(all.contains(token.substring(0, 12)), "the access log holds part of a token");
        assertFalse(all.contains(secretOf(PARTNER)));
    }

    @Test
    void latencyIsAHistogramPerRouteTemplate() {
        for (int i = 0; i < 3; i++) {
            String path = "/api/account/v2/companies/" + (1000 + i) + "/users";
            signed(signer, "GET", path).get(path).then().statusCode(200);
        }
        String scraped = given().get(metrics.toString()).then().statusCode(200)
                .body(containsString("http_server_requests_seconds_bucket")).extract().asString();
        Matcher bucket = Pattern.compile("http_server_requests_seconds_bucket\\{[^}]*status=\"200\",uri=\"/api/account/\\*\\*\",le=\"0\\.5\"\\} ([0-9.E]+)")
                .matcher(scraped);
        assertTrue(bucket.find(), "a 0.5 s bucket of the account route: " + scraped.lines()
                .filter(l -> l.startsWith("http_server_requests_seconds_bucket")).limit(20).toList());
        assertTrue(Double.parseDouble(bucket.group(1)) >= 3, "the three calls are counted: " + bucket.group());
        assertFalse(scraped.contains("/api/account/v2/companies/1000"), "no raw path is a series");
        Matcher redis = Pattern.compile("(?m)^gateway_redis_unavailable_total(\\{[^}]*\\})? ([0-9.E]+)$").matcher(scraped);
        assertTrue(redis.find(), "gateway_redis_unavailable_total, what MarketplaceRedisUnavailable reads");
        assertTrue(Double.parseDouble(redis.group(2)) >= 0, redis.group()); // other test classes stop Redis in this JVM
    }
}
