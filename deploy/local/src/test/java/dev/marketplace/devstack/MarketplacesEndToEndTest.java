package dev.marketplace.devstack;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

import dev.marketplace.testkit.SignpostSigner;

/**
 * A platform operator onboards a second marketplace through the gateway, as gateway/README.md ("Marketplaces") says:
 * the operator creates ACME and its consumer; that consumer creates a company, which MARKETPLACE's consumer cannot see;
 * disabling ACME refuses its consumer (signature and bearer token already issued) with 403 within a second on two
 * gateway replicas, and enabling it lets the consumer in again.
 */
class MarketplacesEndToEndTest {
    private static final String MARKETPLACES = "/api/platform/v1/marketplaces";
    private static final String COMPANIES = "/api/account/v2/companies";

    @Test
    void theOperatorOnboardsAcmeWhoseConsumerIsItsOwnAndDisablingItRefusesItOnEveryReplicaWithinASecond() throws Exception {
        DevStack stack = Suite.stack();
        HttpResponse<String> created = stack.asOperator("POST", MARKETPLACES,
                "{\"partner\":\"ACME\",\"name\":\"Acme Market\",\"defaultLocale\":\"en_US\",\"defaultCurrency\":\"USD\"}");
        assertEquals(201, created.statusCode(), created.body());
        assertEquals("Acme Market", JsonPath.from(created.body()).getString("name"));
        assertTrue(JsonPath.from(created.body()).getBoolean("enabled"));
        HttpResponse<String> consumer = stack.asOperator("POST", MARKETPLACES + "/ACME/consumers",
                "{\"name\":\"acme integration\",\"authorities\":[\"ROLE_PARTNER\",\"ROLE_CHANNEL_ADMIN\"]}");
        assertEquals(201, consumer.statusCode(), consumer.body());
        String key = JsonPath.from(consumer.body()).getString("consumerKey");
        String secret = JsonPath.from(consumer.body()).getString("consumerSecret");
        HttpResponse<String> listed = stack.asOperator("GET", MARKETPLACES + "/ACME/consumers", null);
        assertEquals(200, listed.statusCode());
        assertTrue(listed.body().contains(key) && !listed.body().contains(secret), "listed without its secret: " + listed.body());
        assertEquals(200, stack.asOperator("GET", MARKETPLACES + "/MARKETPLACE", null).statusCode(),
                "the bootstrap marketplace is a marketplace too");

        // ACME's consumer creates a company of ACME
        GatewayClient acme = new GatewayClient(stack.gatewayUrl(), key, secret);
        String uuid = acme.signed("POST", COMPANIES).contentType(ContentType.JSON)
                .body(Map.of("name", "Acme Tenant Inc", "externalId", "acme-" + UUID.randomUUID(), "countryCode", "US"))
                .post(acme.url(COMPANIES)).then().statusCode(201).extract().path("uuid");
        acme.signed("GET", COMPANIES + "/" + uuid).get(acme.url(COMPANIES + "/" + uuid)).then().statusCode(200)
                .body("name", equalTo("Acme Tenant Inc"));

        // MARKETPLACE's consumer: an unknown id, and not in its list
        GatewayClient marketplace = GatewayClient.bootstrapConsumer();
        marketplace.signed("GET", COMPANIES + "/" + uuid).get(marketplace.url(COMPANIES + "/" + uuid)).then().statusCode(404);
        List<String> theirs = marketplace.signed("GET", COMPANIES + "?size=1000").get(marketplace.url(COMPANIES + "?size=1000"))
                .then().statusCode(200).extract().path("content.uuid");
        assertFalse(theirs.contains(uuid), "MARKETPLACE lists ACME's company");
        // nor may MARKETPLACE's administrator call the operator's API
        marketplace.signed("GET", MARKETPLACES).get(marketplace.url(MARKETPLACES)).then().statusCode(403);

        String first = stack.gatewayUrl();
        String second = stack.startGatewayReplica(Integer.getInteger("devstack.e2e.port", 28080) + 29);
        String token = given().auth().preemptive().basic(key, secret).formParam("grant_type", "client_credentials")
                .post(first + "/oauth2/token").then().statusCode(200).extract().path("access_token");
        for (String replica : List.of(first, second)) {
            assertEquals(200, signedStatus(replica, key, secret, COMPANIES + "/" + uuid), replica);
            assertEquals(200, bearerStatus(replica, token, COMPANIES + "/" + uuid), replica);
        }

        HttpResponse<String> disabled = stack.asOperator("POST", MARKETPLACES + "/ACME/disable", null);
        long disabledAt = System.nanoTime();
        assertEquals(200, disabled.statusCode(), disabled.body());
        assertFalse(JsonPath.from(disabled.body()).getBoolean("enabled"));
        for (String replica : List.of(first, second)) {
            long millis = millisUntil(403, disabledAt, () -> signedStatus(replica, key, secret, COMPANIES + "/" + uuid));
            assertTrue(millis <= 1000, replica + " let ACME's signed calls in for " + millis + " ms after the disable");
            millis = millisUntil(403, disabledAt, () -> bearerStatus(replica, token, COMPANIES + "/" + uuid));
            assertTrue(millis <= 1000, replica + " let ACME's bearer token in for " + millis + " ms after the disable");
            System.out.printf("marketplaces: ACME refused by %s %d ms after the disable was answered%n", replica, millis);
        }
        given().auth().preemptive().basic(key, secret).formParam("grant_type", "client_credentials")
                .post(second + "/oauth2/token").then().statusCode(403);
        // MARKETPLACE is not touched
        marketplace.signed("GET", COMPANIES + "?size=1").get(marketplace.url(COMPANIES + "?size=1")).then().statusCode(200);

        HttpResponse<String> enabled = stack.asOperator("POST", MARKETPLACES + "/ACME/enable", null);
        long enabledAt = System.nanoTime();
        assertEquals(200, enabled.statusCode(), enabled.body());
        for (String replica : List.of(first, second)) {
            long millis = millisUntil(200, enabledAt, () -> signedStatus(replica, key, secret, COMPANIES + "/" + uuid));
            assertTrue(millis <= 1000, replica + " still refused ACME " + millis + " ms after the enable");
            assertEquals(200, bearerStatus(replica, token, COMPANIES + "/" + uuid), replica);
        }
    }

    /** A GET signed for the replica's own URL (every replica takes signatures over its own URL and the stack's). */
    private static int signedStatus(String replica, String key, String secret, String path) {
        String url = replica + path;
        return given().urlEncodingEnabled(false).header("Authorization", new SignpostSigner(key, secret).authorization("GET", url, null))
                .get(url).statusCode();
    }

    private static int bearerStatus(String replica, String token, String path) {
        return given().header("Authorization", "Bearer " + token).get(replica + path).statusCode();
    }

    /** Milliseconds from {@code since} until {@code call} answers {@code status} (gives up after 5 s: that is a failure). */
    private static long millisUntil(int status, long since, java.util.function.IntSupplier call) throws InterruptedException {
        while (System.nanoTime() - since < 5_000_000_000L) {
            if (call.getAsInt() == status) {
                return (System.nanoTime() - since) / 1_000_000;
            }
            Thread.sleep(20);
        }
        return Long.MAX_VALUE;
    }
}
