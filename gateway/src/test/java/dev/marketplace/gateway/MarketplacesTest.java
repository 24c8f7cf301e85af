package dev.marketplace.gateway;

import static dev.marketplace.testkit.ErrorBodies.errorBody;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.consumer.service.ChannelConsumerService;
import dev.marketplace.gateway.support.GatewayTest;
import dev.marketplace.gateway.support.GatewayTestResource;
import dev.marketplace.testkit.PostgresResource;
import dev.marketplace.testkit.RedisCommands;
import dev.marketplace.testkit.RedisResource;
import dev.marketplace.testkit.SignpostSigner;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

/** The platform operator's marketplaces API, through the gateway's front door as an operator calls it. */
@QuarkusTest
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "gateway"))
@QuarkusTestResource(RedisResource.class)
@QuarkusTestResource(GatewayTestResource.class)
class MarketplacesTest extends GatewayTest {
    private static final String MARKETPLACES = "/api/platform/v1/marketplaces";
    private static final String COMPANIES = "/api/account/v2/companies";
    private static final SignpostSigner OPERATOR = new SignpostSigner(GatewayTestResource.OPERATOR_KEY,
            GatewayTestResource.OPERATOR_SECRET);

    private final ChannelConsumerService consumers;
    private final GatewayConfig config;

    MarketplacesTest(ChannelConsumerService consumers, GatewayConfig config) {
        this.consumers = consumers;
        this.config = config;
    }

    private static Response operator(String method, String path, String json) {
        var request = signed(OPERATOR, method, path);
        if (json != null) {
            request = request.contentType(ContentType.JSON).body(json);
        }
        return request.request(method, path);
    }

    private static Response create(String partner) {
        return operator("POST", MARKETPLACES, "{\"partner\":\"" + partner + "\",\"name\":\"" + partner + " Market\","
                + "\"defaultLocale\":\"en_US\",\"defaultCurrency\":\"USD\"}");
    }

    /** A consumer of {@code partner} created through the API: {consumerKey, consumerSecret, ...}. */
    private static JsonPath consumerOf(String partner, String body) {
        return operator("POST", MARKETPLACES + "/" + partner + "/consumers", body).then().statusCode(201)
                .extract().jsonPath();
    }

    private static int companies(SignpostSigner signer) {
        return signed(signer, "GET", COMPANIES).get(COMPANIES).statusCode();
    }

    @Test
    void theOperatorCreatesListsAndShowsMarketplacesAndTheBootstrapOneIsAmongThem() {
        create("ALPHA").then().statusCode(201)
                .header("Location", equalTo(url(MARKETPLACES + "/ALPHA")))
                .body("partner", equalTo("ALPHA")).body("name", equalTo("ALPHA Market"))
                .body("defaultLocale", equalTo("en_US")).body("defaultCurrency", equalTo("USD"))
                .body("enabled", equalTo(true)).body("createdOn", notNullValue());
        create("ALPHA").then().statusCode(409).body("code", equalTo("CONFLICT"));

        operator("GET", MARKETPLACES + "/ALPHA", null).then().statusCode(200).body("name", equalTo("ALPHA Market"));
        operator("GET", MARKETPLACES + "?size=1000", null).then().statusCode(200)
                .body("content.partner", hasItem("ALPHA"))
                // the configured bootstrap consumer's partner is a marketplace too
                .body("content.partner", hasItem("MARKETPLACE"))
                .body("page.size", equalTo(1000));
        JsonPath first = operator("GET", MARKETPLACES + "?size=1", null).then().statusCode(200).extract().jsonPath();
        assertEquals(1, first.getList("content").size());
        assertTrue(first.getLong("page.totalElements") >= 2);
        assertTrue(first.getList("links.rel").contains("next"), "a page of one links to the next");

        operator("GET", MARKETPLACES + "/NOSUCH", null).then().statusCode(404).body("code", equalTo("NOT_FOUND"));
        operator("POST", MARKETPLACES + "/NOSUCH/disable", null).then().statusCode(404);
        operator("POST", MARKETPLACES + "/NOSUCH/consumers", "{\"name\":\"x\"}").then().statusCode(404);
        operator("GET", MARKETPLACES + "/NOSUCH/consumers", null).then().statusCode(404);
    }

    @Test
    void badInputIsA400NamingTheFieldAndTheRuleAndCreatesNothing() {
        String[][] cases = {
                { "{\"partner\":\"lower\",\"name\":\"n\",\"defaultLocale\":\"en_US\",\"defaultCurrency\":\"USD\"}", "partner: must match" },
                { "{\"partner\":\"BADCUR\",\"name\":\"n\",\"defaultLocale\":\"en_US\",\"defaultCurrency\":\"XYZ\"}",
                        "defaultCurrency: must be an ISO 4217 currency code" },
                { "{\"partner\":\"BADCUR\",\"name\":\"n\",\"defaultLocale\":\"en_US\",\"defaultCurrency\":\"usd\"}", "defaultCurrency: must be" },
                { "{\"partner\":\"BADLOC\",\"name\":\"n\",\"defaultLocale\":\"english\",\"defaultCurrency\":\"USD\"}", "defaultLocale: must be a locale" },
                { "{\"partner\":\"BADNAME\",\"name\":\" \",\"defaultLocale\":\"en_US\",\"defaultCurrency\":\"USD\"}", "name: is required" },
                { "{\"partner\":\"BADNAME\",\"defaultLocale\":\"en_US\",\"defaultCurrency\":\"USD\"}", "name: is required" },
                { "{\"partner\":\"BADPROP\",\"name\":\"n\",\"defaultLocale\":\"en_US\",\"defaultCurrency\":\"USD\",\"x\":1}", "x" },
        };
        for (String[] c : cases) {
            operator("POST", MARKETPLACES, c[0]).then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                    .body("message", org.hamcrest.Matchers.startsWith(c[1]));
        }
        for (String partner : List.of("BADCUR", "BADLOC", "BADNAME", "BADPROP")) {
            operator("GET", MARKETPLACES + "/" + partner, null).then().statusCode(404);
        }
        create("GAMMA").then().statusCode(201);
        operator("POST", MARKETPLACES + "/GAMMA/consumers", "{\"name\":\"ops\",\"authorities\":[\"ROLE_SYS_ADMIN\"]}")
                .then().statusCode(400).body("message", containsString("authorities: 'ROLE_SYS_ADMIN' is not a marketplace authority"));
        operator("POST", MARKETPLACES + "/GAMMA/consumers", "{\"name\":\"ops\",\"authorities\":[\"ROLE_PLATFORM_OPERATOR\"]}")
                .then().statusCode(400).body("message", containsString("authorities:"));
        operator("POST", MARKETPLACES + "/GAMMA/consumers", "{\"name\":\"\"}").then().statusCode(400)
                .body("message", containsString("name: is required"));
        operator("GET", MARKETPLACES + "/GAMMA/consumers", null).then().statusCode(200).body("size()", equalTo(0));
    }

    @Test
    void consumersAreCreatedListedWithoutSecretsRotatedAndRevokedAtOnce() throws Exception {
        create("BETA").then().statusCode(201);
        List<String> logged = new java.util.concurrent.CopyOnWriteArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(String.valueOf(record instanceof org.jboss.logmanager.ExtLogRecord ext ? ext.getFormattedMessage()
                        : record.getMessage()));
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger root = Logger.getLogger("");
        root.addHandler(handler);
        try {
            JsonPath created = consumerOf("BETA", "{\"name\":\"beta integration\"}");
            String key = created.getString("consumerKey");
            String secret = created.getString("consumerSecret");
            assertEquals("beta integration", created.getString("name"));
            assertEquals(List.of(Roles.PARTNER, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT), created.getList("authorities"));
            assertTrue(key.startsWith("beta-") && secret.length() >= 32, key);
            SignpostSigner beta = new SignpostSigner(key, secret);

            JsonPath echo = signed(beta, "GET", COMPANIES).get(COMPANIES).then().statusCode(200).extract().jsonPath();
            assertEquals("BETA", forwardedToken(echo).getStringClaimValue("partner"));

            JsonPath reader = consumerOf("BETA", "{\"name\":\"reader\",\"authorities\":[\"ROLE_PARTNER\"]}");
            String list = operator("GET", MARKETPLACES + "/BETA/consumers", null).then().statusCode(200)
                    .body("consumerKey", equalTo(List.of(key, reader.getString("consumerKey"))))
                    .body("[0].consumerSecret", nullValue())
                    .body("[1].authorities", equalTo(List.of(Roles.PARTNER)))
                    .extract().asString();
            assertFalse(list.contains(secret) || list.contains(reader.getString("consumerSecret")), "a secret in the list");
            assertFalse(list.contains("consumerSecret"), list);

            JsonPath rotated = operator("POST", MARKETPLACES + "/BETA/consumers/" + key + "/rotate", null).then().statusCode(200)
                    .body("consumerKey", equalTo(key)).extract().jsonPath();
            String newSecret = rotated.getString("consumerSecret");
            assertNotEquals(secret, newSecret);
            assertEquals(403, companies(beta), "the old secret is refused at once");
            SignpostSigner renewed = new SignpostSigner(key, newSecret);
            assertEquals(200, companies(renewed));

            String token = given().auth().preemptive().basic(key, newSecret).formParam("grant_type", "client_credentials")
                    .post("/oauth2/token").then().statusCode(200).extract().path("access_token");
            given().header("Authorization", "Bearer " + token).get(COMPANIES).then().statusCode(200);
            operator("DELETE", MARKETPLACES + "/BETA/consumers/" + key, null).then().statusCode(204);
            assertEquals(403, companies(renewed), "a revoked consumer's signature is refused at once");
            given().header("Authorization", "Bearer " + token).get(COMPANIES).then().statusCode(403).body(errorBody(FORBIDDEN));
            operator("DELETE", MARKETPLACES + "/BETA/consumers/" + key, null).then().statusCode(404);
            operator("POST", MARKETPLACES + "/BETA/consumers/" + key + "/rotate", null).then().statusCode(404);
            operator("GET", MARKETPLACES + "/BETA/consumers", null).then().statusCode(200)
                    .body("consumerKey", equalTo(List.of(reader.getString("consumerKey"))));

            // another marketplace's consumer, named under this one, is unknown here
            create("DELTA").then().statusCode(201);
            operator("POST", MARKETPLACES + "/DELTA/consumers/" + reader.getString("consumerKey") + "/rotate", null)
                    .then().statusCode(404);
            operator("DELETE", MARKETPLACES + "/DELTA/consumers/" + reader.getString("consumerKey"), null).then().statusCode(404);
            assertEquals(200, companies(new SignpostSigner(reader.getString("consumerKey"), reader.getString("consumerSecret"))));

            for (String line : logged) {
                assertFalse(line.contains(secret) || line.contains(newSecret), "a secret in the log: " + line);
            }
        } finally {
            root.removeHandler(handler);
        }
    }

    @Test
    void disablingRefusesSignaturesAndTokensAlreadyIssuedAndEnablingLetsThemInAgain() {
        create("EPSILON").then().statusCode(201);
        JsonPath credential = consumerOf("EPSILON", "{\"name\":\"main\"}");
        String key = credential.getString("consumerKey");
        String secret = credential.getString("consumerSecret");
        SignpostSigner epsilon = new SignpostSigner(key, secret);
        String token = given().auth().preemptive().basic(key, secret).formParam("grant_type", "client_credentials")
                .post("/oauth2/token").then().statusCode(200).extract().path("access_token");
        assertEquals(200, companies(epsilon));
        SignpostSigner other = channelConsumer(consumers, "OTHERMKT", Roles.PARTNER);

        operator("POST", MARKETPLACES + "/EPSILON/disable", null).then().statusCode(200).body("enabled", equalTo(false));
        signed(epsilon, "GET", COMPANIES).get(COMPANIES).then().statusCode(403).body(errorBody(FORBIDDEN));
        given().header("Authorization", "Bearer " + token).get(COMPANIES).then().statusCode(403).body(errorBody(FORBIDDEN));
        given().auth().preemptive().basic(key, secret).formParam("grant_type", "client_credentials").post("/oauth2/token")
                .then().statusCode(403).body(errorBody(FORBIDDEN));
        assertEquals(200, companies(other), "another marketplace is not touched");
        operator("GET", MARKETPLACES + "/EPSILON", null).then().statusCode(200).body("enabled", equalTo(false));

        operator("POST", MARKETPLACES + "/EPSILON/enable", null).then().statusCode(200).body("enabled", equalTo(true));
        assertEquals(200, companies(epsilon));
        given().header("Authorization", "Bearer " + token).get(COMPANIES).then().statusCode(200);
    }

    @Test
    void aMarketplaceDisabledByAnotherReplicaIsRefusedHereWithinASecond() throws Exception {
        create("ZETA").then().statusCode(201);
        JsonPath credential = consumerOf("ZETA", "{\"name\":\"main\"}");
        SignpostSigner zeta = new SignpostSigner(credential.getString("consumerKey"), credential.getString("consumerSecret"));
        assertEquals(200, companies(zeta));

        // what another replica's disable writes: only Redis tells this one
        String set = config.redis().keyPrefix() + "marketplaces:disabled";
        RedisCommands.command("SADD", set, "ZETA");
        long start = System.nanoTime();
        int status = 200;
        while (status != 403 && System.nanoTime() - start < Duration.ofSeconds(2).toNanos()) {
            Thread.sleep(20);
            status = companies(zeta);
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(403, status, "still let in 2 s after another replica disabled it");
        assertTrue(millis < 1000, "refused only after " + millis + " ms");

        RedisCommands.command("SREM", set, "ZETA");
        start = System.nanoTime();
        while (status != 200 && System.nanoTime() - start < Duration.ofSeconds(2).toNanos()) {
            Thread.sleep(20);
            status = companies(zeta);
        }
        assertEquals(200, status, "let in again once another replica enabled it");
    }

    @Test
    void onlyTheOperatorReachesTheMarketplacesApiAndTheOperatorReachesNothingElse() {
        SignpostSigner admin = channelConsumer(consumers, "MKTADMIN", Roles.PARTNER, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT);
        signed(admin, "GET", MARKETPLACES).get(MARKETPLACES).then().statusCode(403).body(errorBody(FORBIDDEN));
        signed(admin, "POST", MARKETPLACES).contentType(ContentType.JSON)
                .body("{\"partner\":\"SNEAKY\",\"name\":\"n\",\"defaultLocale\":\"en_US\",\"defaultCurrency\":\"USD\"}")
                .post(MARKETPLACES).then().statusCode(403).body(errorBody(FORBIDDEN));
        String adminToken = given().auth().preemptive().basic(keyOf("MKTADMIN"), secretOf("MKTADMIN"))
                .formParam("grant_type", "client_credentials").post("/oauth2/token").then().statusCode(200)
                .extract().path("access_token");
        given().header("Authorization", "Bearer " + adminToken).get(MARKETPLACES).then().statusCode(403).body(errorBody(FORBIDDEN));
        given().get(MARKETPLACES).then().statusCode(403).body(errorBody(FORBIDDEN));
        operator("GET", MARKETPLACES + "/SNEAKY", null).then().statusCode(404);

        // the operator: nothing of any marketplace, no token, not the channel credentials API
        operator("GET", COMPANIES, null).then().statusCode(403).body(errorBody(FORBIDDEN));
        operator("GET", "/api/channel/v1/settings/oauth/credentials", null).then().statusCode(403).body(errorBody(FORBIDDEN));
        operator("GET", "/api/billing/v1/invoices", null).then().statusCode(403);
        given().auth().preemptive().basic(GatewayTestResource.OPERATOR_KEY, GatewayTestResource.OPERATOR_SECRET)
                .formParam("grant_type", "client_credentials").post("/oauth2/token").then().statusCode(403).body(errorBody(FORBIDDEN));
        // a wrong operator secret is the same 403
        signed(new SignpostSigner(GatewayTestResource.OPERATOR_KEY, "wrong"), "GET", MARKETPLACES).get(MARKETPLACES)
                .then().statusCode(403).body(errorBody(FORBIDDEN)).body(not(containsString("operator")));
    }
}
