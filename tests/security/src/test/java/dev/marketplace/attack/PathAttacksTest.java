package dev.marketplace.attack;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.oauth.OAuthSigner;
import io.restassured.response.Response;

/**
 * Every spelling of a path that a server could read as another: path parameters, dot segments (plain and encoded),
 * empty segments, encoded slashes and backslashes, another case, a trailing slash, HEAD for GET. Either the gateway
 * refuses it (400 INVALID_PATH, even validly signed), or it is the same resource and draws from the same rate limit.
 */
class PathAttacksTest {

    /** A raw request (HTTP libraries normalise paths before sending them), validly signed for exactly that path. */
    private static String raw(Stack.Tenant tenant, String method, String pathAndQuery) throws IOException {
        String url = Stack.gateway(pathAndQuery);
        String authorization = new OAuthSigner(tenant.key(), tenant.secret()).authorizationHeader(method, URI.create(url), null);
        URI gateway = URI.create(Stack.stack().gatewayUrl());
        try (Socket socket = new Socket(gateway.getHost(), gateway.getPort())) {
            socket.getOutputStream().write((method + " " + pathAndQuery + " HTTP/1.1\r\nHost: " + gateway.getAuthority()
                    + "\r\nAuthorization: " + authorization + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void everySpellingThatCouldMeanAnotherPathIs400EvenWhenSigned() throws IOException {
        Stack.Tenant tenant = Stack.RIVAL;
        assertTrue(raw(tenant, "GET", "/api/account/v2/users").startsWith("HTTP/1.1 200"), "the control passes");
        for (String sneaky : new String[] { "/api/account/v2/users;x=1", "/api/account;jsessionid=1/v2/users",
                "/api/account/v2/users%3Bx=1", "/api/account/v2/%2e%2e/v2/users", "/api/account/v2/%2E/users",
                "/api/account/v2/../v2/users", "/api/account/v2/./users", "/api/account/v2//users", "//api/account/v2/users",
                "/api/account/v2/users%2F123", "/api/account%2Fv2/users", "/api/account/v2/users%5C123", "/api/account/v2/users%00",
                "/q/../api/channel/v1/settings/oauth/credentials", "/api/channel/v1/settings/oauth/credentials;x" }) {
            String answer = raw(tenant, "GET", sneaky);
            assertTrue(answer.startsWith("HTTP/1.1 400"), sneaky + " -> " + answer);
            assertTrue(answer.contains("\"code\":\"INVALID_PATH\""), sneaky + " -> " + answer);
        }
        // another case is another path, which no service serves
        for (String other : new String[] { "/API/account/v2/users", "/api/Account/v2/users" }) {
            assertTrue(raw(tenant, "GET", other).startsWith("HTTP/1.1 404"), other);
        }
    }

    @Test
    void headATrailingSlashAndGetDrawFromOneBucketOfTwenty() {
        // a marketplace of its own: the companies list is limited per consumer (20 deep, leaking 5 a second)
        Client client = Stack.freshTenant("BUCKET", "ROLE_PARTNER").client();
        String companies = "/api/account/v2/companies";
        int passed = 0;
        int limited = 0;
        long start = System.nanoTime();
        for (int i = 0; i < 30; i++) {
            Response r = switch (i % 3) {
                case 0 -> client.signed("HEAD", companies).head(client.url(companies));
                case 1 -> client.signed("GET", companies + "/").get(client.url(companies + "/"));
                default -> client.signed("GET", companies).get(client.url(companies));
            };
            if (r.statusCode() == 200) {
                passed++;
            } else {
                assertEquals(429, r.statusCode(), "call " + (i + 1) + ": " + r.asString());
                limited++;
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        // 20 at once, plus whatever leaked meanwhile (5 a second): before, all 30 passed
        assertTrue(passed >= 20 && passed <= 20 + (int) Math.ceil(seconds * 5), passed + " passed in " + seconds + " s");
        assertTrue(limited > 0, "30 calls in " + seconds + " s and none limited");
        // the path parameter spelling is refused outright
        given().urlEncodingEnabled(false).header("Authorization", client.authorization("GET", companies + ";x=1"))
                .get(client.url(companies + ";x=1")).then().statusCode(400);
    }
}
