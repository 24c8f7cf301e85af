package dev.marketplace.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.oauth.OAuthSigner;
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
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;

/**
 * One spelling per path: the route, the rate limit and the service must read the same path, so spellings that servers
 * read differently are refused before anything else (400 INVALID_PATH, even with a valid signature), and a trailing
 * slash is the path without it.
 */
@QuarkusTest
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "gateway"))
@QuarkusTestResource(RedisResource.class)
@QuarkusTestResource(GatewayTestResource.class)
class PathCanonicalisationTest extends GatewayTest {
    private final ChannelConsumerService consumers;
    private SignpostSigner signer;

    PathCanonicalisationTest(ChannelConsumerService consumers) {
        this.consumers = consumers;
    }

    @BeforeEach
    void consumer() {
        signer = channelConsumer(consumers, "CANON", Roles.PARTNER, Roles.CHANNEL_ADMIN);
    }

    /** A raw request (HTTP clients normalise paths before sending them), validly signed for exactly that path. */
    private static String raw(String method, String pathAndQuery, boolean sign) throws IOException {
        String authorization = sign
                ? "Authorization: " + new OAuthSigner(keyOf("CANON"), secretOf("CANON"))
                        .authorizationHeader(method, URI.create(url(pathAndQuery)), null) + "\r\n"
                : "";
        try (Socket socket = new Socket("localhost", RestAssured.port)) {
            socket.getOutputStream().write((method + " " + pathAndQuery + " HTTP/1.1\r\nHost: localhost:" + RestAssured.port
                    + "\r\n" + authorization + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void pathParametersEmptySegmentsAndEncodedSeparatorsAre400EvenWhenSigned() throws IOException {
        // the control: the plain path with the same kind of signature passes
        assertTrue(raw("GET", "/api/account/v2/companies", true).startsWith("HTTP/1.1 200"));
        for (String sneaky : new String[] { "/api/account/v2/companies;x=1", "/api/account/v2/companies;", "/api/account;v=2/v2/companies",
                "/api/account/v2/companies%3Bx=1", "/api/account/v2/companies%3bx=1", "/api/account/v2//companies",
                "//api/account/v2/companies", "/api/account/v2/companies//", "/api/account/v2/companies%2Fabc",
                "/api/account%2fv2/companies", "/api/account/v2/companies%5Cabc", "/api/account/v2/companies%00",
                "/api/account/v2/%2e/companies", "/api/account/v2/./companies", "/api/channel/v1/settings/oauth/credentials;a=b",
                "/q/health;x=1", "/api/account/v2/companies;y?x=1" }) {
            for (String method : new String[] { "GET", "HEAD", "POST" }) {
                String answer = raw(method, sneaky, true);
                assertTrue(answer.startsWith("HTTP/1.1 400"), method + " " + sneaky + " -> " + answer);
                if (!method.equals("HEAD")) {
                    assertTrue(answer.contains("\"code\":\"INVALID_PATH\""), answer);
                }
            }
        }
        // a raw backslash cannot be signed through java.net.URI: unsigned, it is refused all the same
        assertTrue(raw("GET", "/api/account/v2\\companies", false).startsWith("HTTP/1.1 400"));
    }

    @Test
    void aSemicolonInTheQueryIsNotAPathParameter() {
        String path = "/api/account/v2/companies?filter=a;b";
        given().urlEncodingEnabled(false).header("Authorization", signer.authorization("GET", url(path), null)).get(path)
                .then().statusCode(200).body("query", equalTo("filter=a;b"));
    }

    @Test
    void aTrailingSlashIsThePathWithoutIt() {
        String path = "/api/account/v2/companies/?size=5";
        JsonPath echo = given().urlEncodingEnabled(false).header("Authorization", signer.authorization("GET", url(path), null))
                .get(path).then().statusCode(200).extract().jsonPath();
        // signed as sent, forwarded as the one spelling the route and the rate limit saw
        assertEquals("/api/account/v2/companies", echo.getString("path"));
        assertEquals("size=5", echo.getString("query"));
    }

    @Test
    void pathsAreCaseSensitiveSoAnotherCaseReachesNoService() {
        for (String path : new String[] { "/API/account/v2/companies", "/api/ACCOUNT/v2/companies", "/Api/account/v2/companies" }) {
            given().header("Authorization", signer.authorization("GET", url(path), null)).get(path)
                    .then().statusCode(404).body("code", equalTo("NOT_FOUND"));
        }
    }
}
