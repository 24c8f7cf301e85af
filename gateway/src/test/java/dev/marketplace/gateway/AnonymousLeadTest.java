package dev.marketplace.gateway;

import static dev.marketplace.testkit.ErrorBodies.errorBody;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.jose4j.jwt.JwtClaims;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import dev.marketplace.common.security.Roles;
import dev.marketplace.gateway.consumer.service.ChannelConsumerService;
import dev.marketplace.gateway.support.GatewayTest;
import dev.marketplace.gateway.support.GatewayTestResource;
import dev.marketplace.testkit.PostgresResource;
import dev.marketplace.testkit.SignpostSigner;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

/**
 * The one unsigned write: a PRODUCT or COMPANY lead of an existing partner, forwarded with an anonymous internal token;
 * every other unsigned call, an unsigned MANUAL lead, an unknown partner, an oversized body are refused; the
 * per-address limit cannot be dodged with X-Forwarded-For. The limit test runs last: all tests share 127.0.0.1.
 */
@QuarkusTest
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "gateway"))
@QuarkusTestResource(GatewayTestResource.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AnonymousLeadTest extends GatewayTest {
    private static final String PATH = "/api/lead/v2/leads";
    private final ChannelConsumerService consumers;
    private SignpostSigner signer;

    AnonymousLeadTest(ChannelConsumerService consumers) {
        this.consumers = consumers;
    }

    @BeforeEach
    void partner() {
        signer = channelConsumer(consumers, "ANON", Roles.PARTNER);
    }

    private static String lead(String partner, String type) {
        return "{\"partner\":\"" + partner + "\",\"leadType\":\"" + type + "\",\"customer\":{\"company\":{\"name\":\"Acme\"},"
                + "\"contact\":{\"email\":\"john@acme.example\"}},\"product\":{\"id\":\"7\"}}";
    }

    private static Response unsigned(String body) {
        return given().contentType(ContentType.JSON).body(body).post(PATH + "?context=ANONYMOUS");
    }

    @Test
    @Order(1)
    void aProductOrCompanyLeadOfAnExistingPartnerIsForwardedAsAnonymous() throws Exception {
        for (String type : List.of("PRODUCT", "COMPANY")) {
            String body = lead("ANON", type);
            JsonPath echo = unsigned(body).then().statusCode(200).body("path", equalTo(PATH))
                    .body("query", equalTo("context=ANONYMOUS")).body("body", equalTo(body)).extract().jsonPath();
            JwtClaims token = forwardedToken(echo);
            assertEquals("anonymous", token.getSubject());
            assertEquals("ANON", token.getStringClaimValue("partner"));
            assertEquals("anonymous", token.getStringClaimValue("ctype"));
            assertEquals(List.of(Roles.ANONYMOUS_LEAD), token.getStringListClaimValue("groups"));
            assertNull(token.getClaimValue("user"));
        }
    }

    @Test
    @Order(2)
    void everythingElseUnsignedIsThePlain403() {
        unsigned(lead("ANON", "MANUAL")).then().statusCode(403).body(errorBody(FORBIDDEN));
        unsigned(lead("NO-SUCH-PARTNER", "PRODUCT")).then().statusCode(403).body(errorBody(FORBIDDEN));
        unsigned("{\"leadType\":\"PRODUCT\"}").then().statusCode(403).body(errorBody(FORBIDDEN));
        unsigned("{\"partner\":\"ANON\"}").then().statusCode(403).body(errorBody(FORBIDDEN));
        unsigned("{\"partner\":[\"ANON\"],\"leadType\":\"PRODUCT\"}").then().statusCode(403).body(errorBody(FORBIDDEN));
        unsigned("not json").then().statusCode(403).body(errorBody(FORBIDDEN));
        given().get(PATH + "?context=ANONYMOUS").then().statusCode(403).body(errorBody(FORBIDDEN));
        given().contentType(ContentType.JSON).body(lead("ANON", "PRODUCT")).post("/api/lead/v2/leads/x").then().statusCode(403);
        given().contentType(ContentType.JSON).body(lead("ANON", "PRODUCT")).put(PATH).then().statusCode(403);
        given().contentType(ContentType.JSON).body("{}").post("/api/lead/v2/assignment").then().statusCode(403);
        given().contentType(ContentType.JSON).body("{}").post("/api/lead/v2/conversion").then().statusCode(403);
        given().contentType(ContentType.JSON).body("{\"name\":\"x\"}").post("/api/account/v2/companies").then().statusCode(403);
        // dot segments never reach the exemption
        given().urlEncodingEnabled(false).contentType(ContentType.JSON).body(lead("ANON", "PRODUCT"))
                .post("/api/lead/v2/x/../leads").then().statusCode(400);
    }

    @Test
    @Order(3)
    void credentialsMeanTheOrdinaryPath() {
        // a bad signature is not "no credentials": refused, never treated as anonymous
        given().header("Authorization", "OAuth oauth_consumer_key=\"key-anon\", oauth_signature=\"bad\"")
                .contentType(ContentType.JSON).body(lead("ANON", "PRODUCT")).post(PATH).then().statusCode(403);
        given().contentType(ContentType.JSON).body(lead("ANON", "PRODUCT"))
                .post(PATH + "?oauth_consumer_key=key-anon&oauth_signature=bad").then().statusCode(403);
        // a signed call goes through with the channel's own identity
        String url = url(PATH + "?context=PARTNER");
        JsonPath echo = given().header("Authorization", signer.authorization("POST", url, null)).contentType(ContentType.JSON)
                .body(lead("ANON", "MANUAL")).post(PATH + "?context=PARTNER").then().statusCode(200).extract().jsonPath();
        assertTrue(echo.getString("headers.authorization[0]").startsWith("Bearer "));
    }

    @Test
    @Order(4)
    void anOversizedBodyIs413() {
        String big = lead("ANON", "PRODUCT").replace("\"Acme\"", "\"" + "A".repeat(17_000) + "\"");
        unsigned(big).then().statusCode(413).body("code", equalTo("PAYLOAD_TOO_LARGE"));
    }

    @Test
    @Order(5)
    void eachClientAddressIsLimitedAndXForwardedForDoesNotChooseTheBucket() {
        Response refused = null;
        for (int i = 0; i < 40 && refused == null; i++) {
            Response r = unsigned(lead("ANON", "PRODUCT"));
            if (r.statusCode() == 429) {
                refused = r;
            } else {
                assertEquals(200, r.statusCode());
            }
        }
        assertTrue(refused != null, "the per-address limit refused a call within 40");
        refused.then().body("code", equalTo("RATE_LIMITED"));
        assertTrue(Long.parseLong(refused.header("Retry-After")) >= 1);
        // the client cannot pick another bucket by claiming another address
        given().header("X-Forwarded-For", "203.0.113.9").contentType(ContentType.JSON).body(lead("ANON", "PRODUCT"))
                .post(PATH).then().statusCode(429);
        // signed calls are not affected by it
        String url = url(PATH + "?context=PARTNER");
        given().header("Authorization", signer.authorization("POST", url, null)).contentType(ContentType.JSON)
                .body(lead("ANON", "MANUAL")).post(PATH + "?context=PARTNER").then().statusCode(200);
    }
}
