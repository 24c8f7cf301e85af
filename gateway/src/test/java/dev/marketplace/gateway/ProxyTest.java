package dev.marketplace.gateway;

import static dev.marketplace.testkit.ErrorBodies.errorBody;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

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

@QuarkusTest
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "gateway"))
@QuarkusTestResource(RedisResource.class)
@QuarkusTestResource(GatewayTestResource.class)
class ProxyTest extends GatewayTest {
    private final ChannelConsumerService consumers;
    private SignpostSigner signer;

    ProxyTest(ChannelConsumerService consumers) {
        this.consumers = consumers;
    }

    @BeforeEach
    void consumer() {
        signer = channelConsumer(consumers, "PROXY", Roles.PARTNER);
    }

    @Test
    void routesByLongestPrefixAndReturnsUpstreamStatusHeadersAndBodyUnchanged() {
        for (String path : new String[] { "/api/account/v2/companies", "/api/graphql", "/api/appReseller/v1/x",
                "/api/v3/checkout/items", "/api/channel/v1/exchangeRates", "/api/channel/v1/discounts/1",
                "/api/channel/v1/events", "/api/integration/v1/events/t", "/api/notification/v1/templates",
                "/api/lead/v2/leads", "/api/platformAdministration/v1/shippingConfigurations", "/api/appwise/v2/data" }) {
            given().header("Authorization", signer.authorization("GET", url(path), null)).get(path)
                    .then().statusCode(200).body("path", equalTo(path));
        }
        String path = "/api/account/v2/companies/missing?status=418";
        given().urlEncodingEnabled(false).header("Authorization", signer.authorization("GET", url(path), null)).get(path)
                .then().statusCode(418).header("X-Upstream", "echo").body("query", equalTo("status=418"));
    }

    @Test
    void hopByHopHeadersAreNotForwarded() {
        String path = "/api/account/v2/companies";
        JsonPath echo = given().header("Authorization", signer.authorization("GET", url(path), null))
                .header("Connection", "keep-alive, X-Private-Hop").header("X-Private-Hop", "secret").header("TE", "trailers")
                .header("X-End-To-End", "yes").get(path)
                .then().statusCode(200).header("Keep-Alive", (String) null).extract().jsonPath();
        assertNull(echo.get("headers.x-private-hop"));
        assertNull(echo.get("headers.te"));
        assertEquals("yes", echo.getString("headers.x-end-to-end[0]"));
        assertEquals(1, echo.getList("headers.authorization").size());
    }

    @Test
    void unknownPathIs404WithStandardBody() {
        given().get("/api/nowhere/v1/x").then().statusCode(404).body("code", equalTo("NOT_FOUND"))
                .body("message", containsString("/api/nowhere/v1/x"));
        given().get("/").then().statusCode(404).body("code", equalTo("NOT_FOUND"));
    }

    @Test
    void dotSegmentsCannotSmuggleAPathPastItsRoute() throws Exception {
        // raw socket: HTTP client libraries tend to normalise such paths before sending them
        for (String sneaky : new String[] { "/q/../api/channel/v1/settings/oauth/credentials", "/api/account/../lead/v2/leads",
                "/api/account/%2E%2E/lead/v2/leads" }) {
            try (java.net.Socket socket = new java.net.Socket("localhost", io.restassured.RestAssured.port)) {
                socket.getOutputStream().write(("GET " + sneaky + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                        .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                String answer = new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                assertTrue(answer.startsWith("HTTP/1.1 400"), sneaky + " -> " + answer);
                assertTrue(answer.contains("INVALID_PATH"), answer);
            }
        }
    }

    @Test
    void upstreamDownIs503AndSlowIs504WithStandardBody() {
        String down = "/api/down/v1/x";
        given().header("Authorization", signer.authorization("GET", url(down), null)).get(down)
                .then().statusCode(503).contentType("application/json").body("code", equalTo("UPSTREAM_UNAVAILABLE"))
                .body("message", containsString("unavailable"));
        String slow = "/api/slow/v1/x";
        long start = System.nanoTime();
        given().header("Authorization", signer.authorization("GET", url(slow), null)).get(slow)
                .then().statusCode(504).contentType("application/json").body("code", equalTo("UPSTREAM_TIMEOUT"));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 2900, "the gateway answered before the slow upstream did (" + millis + " ms)");
    }

    @Test
    void largeBodyIsStreamedIntact() throws Exception {
        byte[] body = new byte[5 * 1024 * 1024 + 17];
        new Random(42).nextBytes(body);
        String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
        // account-service takes bodies of up to 10 MiB
        String path = "/api/account/v2/uploads";
        JsonPath echo = given().header("Authorization", signer.authorization("PUT", url(path), null))
                .contentType("application/octet-stream").body(body).put(path).then().statusCode(200).extract().jsonPath();
        assertEquals(body.length, echo.getLong("bodyLength"));
        assertEquals(sha, echo.getString("bodySha256"));
        assertEquals("PUT", echo.getString("method"));
    }

    @Test
    void aClientWaitingFor100ContinueIsInvitedOnceAdmittedAndARefusedOneNever() throws Exception {
        String path = "/api/billing/v1/uploads";
        byte[] body = new byte[200_000];
        new Random(3).nextBytes(body);
        try (java.net.Socket socket = new java.net.Socket("localhost", RestAssured.port)) {
            socket.setSoTimeout(5_000);
            var out = socket.getOutputStream();
            out.write(("PUT " + path + " HTTP/1.1\r\nHost: localhost:" + RestAssured.port + "\r\nAuthorization: "
                    + signer.authorization("PUT", url(path), null) + "\r\nContent-Type: application/octet-stream\r\n"
                    + "Content-Length: " + body.length + "\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            var in = socket.getInputStream();
            // nothing of the body was sent: the gateway must invite it (curl would wait a second, then send anyway)
            String interim = readHead(in);
            assertTrue(interim.startsWith("HTTP/1.1 100"), interim);
            out.write(body);
            out.flush();
            String answer = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
            JsonPath echo = JsonPath.from(answer.substring(answer.indexOf("\r\n\r\n") + 4));
            assertEquals(body.length, echo.getLong("bodyLength"));
            assertNull(echo.get("headers.expect"), "the gateway answered the expectation itself");
        }
        try (java.net.Socket socket = new java.net.Socket("localhost", RestAssured.port)) {
            socket.setSoTimeout(5_000);
            socket.getOutputStream().write(("PUT " + path + " HTTP/1.1\r\nHost: localhost:" + RestAssured.port
                    // signed for another method: refused
                    + "\r\nAuthorization: " + signer.authorization("POST", url(path), null)
                    + "\r\nContent-Length: " + body.length + "\r\nExpect: 100-continue\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            String refused = readHead(socket.getInputStream());
            assertTrue(refused.startsWith("HTTP/1.1 403"), "refused at once, the body never invited: " + refused);
            assertTrue(refused.toLowerCase(java.util.Locale.ROOT).contains("connection: close"), refused);
        }
    }

    /** The status line and headers of the next answer on a raw connection. */
    private static String readHead(java.io.InputStream in) throws java.io.IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            head.append((char) b);
        }
        return head.toString();
    }

    @ParameterizedTest
    @EnumSource(java.net.http.HttpClient.Version.class)
    void uploadsOfUnknownLengthAndChunkedAnswersStreamThroughWithADate(java.net.http.HttpClient.Version version)
            throws Exception {
        byte[] body = new byte[300_000];
        new Random(7).nextBytes(body);
        String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
        String path = "/api/billing/v1/uploads?chunked=yes";
        // an InputStream body has no length: HTTP/1.1 sends it chunked; HTTP/2 (h2c upgrade) streams it in DATA frames
        java.net.http.HttpResponse<String> answer = java.net.http.HttpClient.newBuilder().version(version).build().send(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create(url(path)))
                        .header("Authorization", signer.authorization("POST", url(path), null))
                        .header("Content-Type", "application/octet-stream")
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(body)))
                        .build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode(), answer.body());
        assertEquals(version, answer.version(), "the gateway spoke the client's version");
        JsonPath echo = JsonPath.from(answer.body());
        assertEquals(body.length, echo.getLong("bodyLength"));
        assertEquals(sha, echo.getString("bodySha256"));
        assertNull(echo.get("headers.content-length"), "the upload stayed chunked");
        assertTrue(answer.headers().firstValue("Content-Length").isEmpty(), "the answer stayed chunked");
        assertTrue(answer.headers().firstValue("Date").isPresent(), "a forwarded answer without a Date gets one");
        assertEquals("echo", answer.headers().firstValue("X-Upstream").orElseThrow());
    }

    @Test
    void headAnswersHaveNoBody() {
        String path = "/api/account/v2/companies";
        var answer = given().header("Authorization", signer.authorization("HEAD", url(path), null)).head(path)
                .then().statusCode(200).header("X-Upstream", "echo").extract();
        assertEquals("", answer.body().asString());
        // the connection is still usable: no stray body bytes were sent after the HEAD answer
        given().header("Authorization", signer.authorization("GET", url(path), null)).get(path)
                .then().statusCode(200).body("method", equalTo("GET"));
    }

    @Test
    void multipartBodyPassesThroughWithItsBoundary() {
        String path = "/api/notification/v1/attachments";
        JsonPath echo = given().header("Authorization", signer.authorization("POST", url(path), null))
                .multiPart("file", "hello.txt", "hello multipart".getBytes(), "text/plain").multiPart("note", "n1")
                .post(path).then().statusCode(200).extract().jsonPath();
        String contentType = echo.getString("headers.content-type[0]");
        assertTrue(contentType.startsWith("multipart/form-data; boundary="), contentType);
        String boundary = contentType.substring(contentType.indexOf("boundary=") + 9);
        String received = echo.getString("body");
        assertTrue(received.contains("--" + boundary), "body keeps its boundary");
        assertTrue(received.contains("hello multipart"));
        assertTrue(received.contains("name=\"note\""));
    }

    @Test
    void aBodyOverTheRoutesLimitIs413AtTheGatewayWhetherItsLengthIsSaidOrNot() throws Exception {
        // billing-service takes at most 1 MiB: it would close the connection under a larger body (a 502 for the client)
        String path = "/api/billing/v1/uploads";
        byte[] body = new byte[1024 * 1024 + 1];
        given().header("Authorization", signer.authorization("PUT", url(path), null)).contentType("application/octet-stream")
                .body(body).put(path).then().statusCode(413).body("code", equalTo("PAYLOAD_TOO_LARGE"))
                .body("message", containsString("1048576"));
        // chunked, no length said: counted as it goes
        try (java.net.Socket socket = new java.net.Socket("localhost", RestAssured.port)) {
            socket.setSoTimeout(10_000);
            var out = socket.getOutputStream();
            out.write(("PUT " + path + " HTTP/1.1\r\nHost: localhost:" + RestAssured.port + "\r\nAuthorization: "
                    + signer.authorization("PUT", url(path), null) + "\r\nContent-Type: application/octet-stream\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            byte[] chunk = new byte[64 * 1024];
            String answer = "";
            try {
                for (int i = 0; i < 40; i++) {
                    out.write((Integer.toHexString(chunk.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                    out.write(chunk);
                    out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
                }
                out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
            } catch (java.io.IOException closedUnderUs) {
                // the gateway answered and closed the connection before the whole body was sent
            }
            answer = new String(socket.getInputStream().readNBytes(12), StandardCharsets.ISO_8859_1);
            assertEquals("HTTP/1.1 413", answer);
        }
        // at the limit it passes
        JsonPath echo = given().header("Authorization", signer.authorization("PUT", url(path), null))
                .contentType("application/octet-stream").body(new byte[1024 * 1024]).put(path).then().statusCode(200)
                .extract().jsonPath();
        assertEquals(1024 * 1024, echo.getLong("bodyLength"));
    }

    @Test
    void oversizedFormBodyIs413NamingTheLimit() {
        String path = "/api/billing/v1/forms";
        String body = "data=" + "x".repeat(1024 * 1024 + 1);
        given().header("Authorization", signer.authorization("POST", url(path), null))
                .contentType("application/x-www-form-urlencoded").body(body).post(path)
                .then().statusCode(413).body("code", equalTo("PAYLOAD_TOO_LARGE")).body("message", containsString("1048576"));
    }

    @Test
    void thePublicPortServesNothingUnderQWhichIsOnTheManagementPort() {
        given().get(health.toString()).then().statusCode(200).body("status", equalTo("UP"));
        given().get(health + "/ready").then().statusCode(200).body("status", equalTo("UP"));
        given().get(health + "/live").then().statusCode(200);
        for (String path : new String[] { "/q/health", "/q/health/ready", "/q/metrics", "/q/openapi",
                "/q/openapi?format=json", "/q/dev-ui", "/q/", "/q", "/q/metrics/" }) {
            given().get(path).then().statusCode(404).body("code", equalTo("NOT_FOUND"));
        }
        given().get(metrics.toString()).then().statusCode(200).body(containsString("http_server_requests"));
        given().get(openApi.toString()).then().statusCode(200).body(containsString("/oauth2/token"))
                .body(containsString("/api/channel/v1/settings/oauth/credentials"));
    }

    @io.quarkus.test.common.http.TestHTTPResource(value = "/metrics", management = true)
    java.net.URL metrics;

    @io.quarkus.test.common.http.TestHTTPResource(value = "/health", management = true)
    java.net.URL health;

    @io.quarkus.test.common.http.TestHTTPResource(value = "/openapi", management = true)
    java.net.URL openApi;

    @Test
    void clientForwardingHeadersAreReplacedByTheGatewaysOwn() {
        String path = "/api/account/v2/companies";
        JsonPath echo = given().header("Authorization", signer.authorization("GET", url(path), null))
                .header("X-Forwarded-For", "10.6.6.6").header("X-Forwarded-Host", "evil.example")
                .header("X-Forwarded-Proto", "https").header("X-Forwarded-Port", "444").header("X-Forwarded-Prefix", "/admin")
                .header("Forwarded", "for=10.6.6.6;host=evil.example;proto=https").header("X-Real-IP", "10.6.6.6")
                .get(path).then().statusCode(200).extract().jsonPath();
        assertEquals(java.util.List.of("127.0.0.1"), echo.getList("headers.x-forwarded-for"));
        assertEquals(java.util.List.of("localhost:" + RestAssured.port), echo.getList("headers.x-forwarded-host"));
        assertEquals(java.util.List.of("http"), echo.getList("headers.x-forwarded-proto"));
        assertNull(echo.get("headers.forwarded"));
        assertNull(echo.get("headers.x-forwarded-port"));
        assertNull(echo.get("headers.x-forwarded-prefix"));
        assertNull(echo.get("headers.x-real-ip"));
    }

    @Test
    void aHostThatIsNotAHostNameIsAPlain403NotA500() {
        String path = "/api/account/v2/companies";
        // signed for the real host, sent with a Host URI cannot read as a host name (a_b): no NullPointerException
        given().header("Authorization", signer.authorization("GET", url(path), null)).header("Host", "a_b").get(path)
                .then().statusCode(403).body(errorBody(FORBIDDEN));
        given().header("Host", "a_b").get(path).then().statusCode(403).body(errorBody(FORBIDDEN));
    }
}
