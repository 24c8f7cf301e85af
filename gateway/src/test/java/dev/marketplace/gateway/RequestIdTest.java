package dev.marketplace.gateway;

import static org.hamcrest.Matchers.equalTo;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.gateway.consumer.service.ChannelConsumerService;
import dev.marketplace.gateway.support.GatewayTest;
import dev.marketplace.gateway.support.GatewayTestResource;
import dev.marketplace.testkit.PostgresResource;
import dev.marketplace.testkit.RedisResource;
import dev.marketplace.testkit.SignpostSigner;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

/**
 * Every answer carries X-Request-Id, whoever gives it: the client's own when it is well-formed, else one the gateway
 * made; the service behind receives the same id, once, and cannot replace it on the way back.
 */
@QuarkusTest
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "gateway"))
@QuarkusTestResource(RedisResource.class)
@QuarkusTestResource(GatewayTestResource.class)
class RequestIdTest extends GatewayTest {
    private static final Pattern GENERATED = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
    private static final String USERS = "/api/account/v2/users";
    private final ChannelConsumerService consumers;
    private SignpostSigner signer;

    RequestIdTest(ChannelConsumerService consumers) {
        this.consumers = consumers;
    }

    @BeforeEach
    void consumer() {
        signer = channelConsumer(consumers, "REQUESTIDS", Roles.PARTNER);
    }

    private Response signedGet(String path, String requestId) {
        var request = signed(signer, "GET", path);
        if (requestId != null) {
            request.header("X-Request-Id", requestId);
        }
        return request.get(path);
    }

    /** The one X-Request-Id the upstream received. */
    private static String forwarded(Response answer) {
        List<String> received = answer.jsonPath().getList("headers.x-request-id");
        assertEquals(1, received.size(), "the upstream received exactly one X-Request-Id: " + received);
        return received.get(0);
    }

    @Test
    void aWellFormedIdIsKeptReturnedAndForwarded() {
        for (String id : new String[] { "7d9f5c2e-1b1a-4c3e-9d8e-0a1b2c3d4e5f", "req_42.a:b+c/d=", "x".repeat(128) }) {
            Response answer = signedGet(USERS, id);
            answer.then().statusCode(200).header("X-Request-Id", id);
            assertEquals(id, forwarded(answer));
        }
    }

    @Test
    void withoutAnIdOrWithAMalformedOneTheGatewayMakesOneAndForwardsIt() {
        Set<String> made = new HashSet<>();
        for (String given : new String[] { null, "", "x".repeat(129), "two words", "quote\"d", "<script>", "semi;colon",
                "percent%0A" }) {
            Response answer = signedGet(USERS, given);
            answer.then().statusCode(200);
            String id = answer.header("X-Request-Id");
            assertTrue(id != null && GENERATED.matcher(id).matches(), given + " -> " + id);
            assertNotEquals(given, id);
            assertEquals(id, forwarded(answer), "the upstream got the id the client got");
            made.add(id);
        }
        assertEquals(8, made.size(), "every request its own id: " + made);
    }

    @Test
    void theUpstreamCannotReplaceTheId() {
        Response answer = signedGet(USERS + "?requestId=from-the-service", "from-the-client");
        answer.then().statusCode(200);
        assertEquals(List.of("from-the-client"), answer.headers().getValues("X-Request-Id"));
    }

    @Test
    void refusalsAndTheGatewaysOwnAnswersCarryTheIdToo() {
        // 403: unsigned, and a bad signature
        given().header("X-Request-Id", "refused-1").get(USERS).then().statusCode(403).header("X-Request-Id", "refused-1")
                .body("requestId", equalTo("refused-1"));
        given().header("X-Request-Id", "refused-2").header("Authorization", new SignpostSigner(keyOf("REQUESTIDS"), "wrong")
                .authorization("GET", url(USERS), null)).get(USERS).then().statusCode(403).header("X-Request-Id", "refused-2")
                .body("requestId", equalTo("refused-2"));
        // 400: a path of another spelling; 404: no route
        given().urlEncodingEnabled(false).header("X-Request-Id", "bad-path").get("/api/account/v2/users;x=1").then()
                .statusCode(400).header("X-Request-Id", "bad-path").body("requestId", equalTo("bad-path"));
        given().header("X-Request-Id", "nowhere").get("/api/nowhere/v1/x").then().statusCode(404)
                .header("X-Request-Id", "nowhere").body("requestId", equalTo("nowhere"));
        // 503: the upstream refuses connections
        String down = "/api/down/v1/x";
        given().header("X-Request-Id", "down").header("Authorization", signer.authorization("GET", url(down), null)).get(down)
                .then().statusCode(503).header("X-Request-Id", "down").body("requestId", equalTo("down"));
        // 429: over the companies bucket (20 deep), with the generated ids all distinct
        String companies = "/api/account/v2/companies";
        Set<String> ids = new HashSet<>();
        boolean limited = false;
        for (int i = 0; i < 30 && !limited; i++) {
            Response answer = given().header("Authorization", signer.authorization("GET", url(companies), null)).get(companies);
            String id = answer.header("X-Request-Id");
            assertTrue(id != null && GENERATED.matcher(id).matches(), answer.statusCode() + " -> " + id);
            assertTrue(ids.add(id), "a fresh id each time: " + id);
            limited = answer.statusCode() == 429;
            if (limited) {
                assertEquals(id, answer.jsonPath().getString("requestId"), "the 429's body names its request");
            }
        }
        assertTrue(limited, "the bucket ran dry within 30 calls");
        // the token endpoint, refused and granted
        given().header("X-Request-Id", "token-refused").auth().preemptive().basic(keyOf("REQUESTIDS"), "wrong")
                .formParam("grant_type", "client_credentials").post("/oauth2/token").then().statusCode(403)
                .header("X-Request-Id", "token-refused").body("requestId", equalTo("token-refused"));
        given().header("X-Request-Id", "token-granted").auth().preemptive().basic(keyOf("REQUESTIDS"), secretOf("REQUESTIDS"))
                .formParam("grant_type", "client_credentials").post("/oauth2/token").then().statusCode(200)
                .header("X-Request-Id", "token-granted");
    }

    @Test
    void aBearerCallForwardsItsIdAsASignedOneDoes() {
        String token = given().auth().preemptive().basic(keyOf("REQUESTIDS"), secretOf("REQUESTIDS"))
                .formParam("grant_type", "client_credentials").post("/oauth2/token").then().statusCode(200).extract()
                .path("access_token");
        JsonPath echo = given().header("Authorization", "Bearer " + token).header("X-Request-Id", "bearer-call").get(USERS)
                .then().statusCode(200).header("X-Request-Id", "bearer-call").extract().jsonPath();
        assertEquals(List.of("bearer-call"), echo.getList("headers.x-request-id"));
    }
}
