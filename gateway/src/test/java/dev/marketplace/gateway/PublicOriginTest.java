package dev.marketplace.gateway;

import static dev.marketplace.testkit.ErrorBodies.errorBody;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

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
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;

/**
 * With public base URLs configured, the OAuth 1.0 base string is built from them: the client's Host only picks one of
 * them, and neither Host nor X-Forwarded-* can make the gateway verify a signature over a URL nobody configured.
 */
@QuarkusTest
@TestProfile(PublicOriginTest.Configured.class)
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "gateway"))
@QuarkusTestResource(RedisResource.class)
@QuarkusTestResource(GatewayTestResource.class)
class PublicOriginTest extends GatewayTest {
    private static final String PATH = "/api/account/v2/users?size=2";
    private final ChannelConsumerService consumers;
    private SignpostSigner signer;

    public static class Configured implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("marketplace.gateway.public-base-urls", "https://api.marketplace.test,http://alt.marketplace.test:8088");
        }
    }

    PublicOriginTest(ChannelConsumerService consumers) {
        this.consumers = consumers;
    }

    @BeforeEach
    void consumer() {
        signer = channelConsumer(consumers, "ORIGIN", Roles.PARTNER);
    }

    @Test
    void theBaseStringUsesTheConfiguredOriginAndTheServicesHearIt() {
        // the client reached this replica at localhost:<port> through an ingress; it signed the public URL
        JsonPath echo = given().urlEncodingEnabled(false)
                .header("Authorization", signer.authorization("GET", "https://api.marketplace.test" + PATH, null))
                .get(PATH).then().statusCode(200).extract().jsonPath();
        assertEquals(List.of("api.marketplace.test"), echo.getList("headers.x-forwarded-host"));
        assertEquals(List.of("https"), echo.getList("headers.x-forwarded-proto"));

        // a Host naming the second origin picks it
        echo = given().urlEncodingEnabled(false).header("Host", "alt.marketplace.test:8088")
                .header("Authorization", signer.authorization("GET", "http://alt.marketplace.test:8088" + PATH, null))
                .get(PATH).then().statusCode(200).extract().jsonPath();
        assertEquals(List.of("alt.marketplace.test:8088"), echo.getList("headers.x-forwarded-host"));
        assertEquals(List.of("http"), echo.getList("headers.x-forwarded-proto"));
    }

    @Test
    void neitherHostNorForwardedHeadersCanChooseAnotherUrl() {
        // signed for the socket's own address: not a public URL, refused
        given().urlEncodingEnabled(false).header("Authorization", signer.authorization("GET", url(PATH), null)).get(PATH)
                .then().statusCode(403).body(errorBody(FORBIDDEN));
        // signed for a host of the attacker's choosing, named by Host
        given().urlEncodingEnabled(false).header("Host", "evil.example")
                .header("Authorization", signer.authorization("GET", "http://evil.example" + PATH, null)).get(PATH)
                .then().statusCode(403).body(errorBody(FORBIDDEN));
        // ... or by X-Forwarded-Host/-Proto/-Port and Forwarded
        given().urlEncodingEnabled(false).header("X-Forwarded-Host", "evil.example").header("X-Forwarded-Proto", "https")
                .header("X-Forwarded-Port", "443").header("Forwarded", "host=evil.example;proto=https")
                .header("Authorization", signer.authorization("GET", "https://evil.example" + PATH, null)).get(PATH)
                .then().statusCode(403).body(errorBody(FORBIDDEN));
        // a configured host with the other origin's scheme is not that origin
        given().urlEncodingEnabled(false).header("Host", "alt.marketplace.test:8088")
                .header("Authorization", signer.authorization("GET", "https://alt.marketplace.test:8088" + PATH, null)).get(PATH)
                .then().statusCode(403).body(errorBody(FORBIDDEN));
    }
}
