package dev.marketplace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.marketplace.common.oauth.SignedRequest;

/** {@code marketplace call} against a real HTTP server that checks signatures as the gateway does. */
class CallCommandTest {
    private static final String KEY = "acme-console";
    private static final String SECRET = "s3cret-of-acme";

    @TempDir
    Path home;
    private StubServer gateway;
    private Map<String, String> env;

    @BeforeEach
    void start() throws Exception {
        gateway = new StubServer().requireSignature(KEY, SECRET);
        env = Map.of("MARKETPLACE_GATEWAY_URL", gateway.url(), "MARKETPLACE_CONSUMER_KEY", KEY,
                "MARKETPLACE_CONSUMER_SECRET", SECRET);
    }

    @AfterEach
    void stop() {
        gateway.close();
    }

    @Test
    void aGetIsSignedForItsQueryStringAndItsAnswerPrettyPrinted() {
        gateway.answer(200, "{\"content\":[{\"name\":\"Acme\"}],\"page\":{\"number\":0}}");

        CliRun run = CliRun.run(env, home, "call", "get", "/api/account/v2/companies?size=5&name=A%20B");

        assertEquals(0, run.exit(), run.toString());
        StubServer.Received request = gateway.only();
        assertEquals("GET", request.method());
        assertEquals("/api/account/v2/companies?size=5&name=A%20B", request.rawPathAndQuery());
        assertTrue(request.signatureValid(), "signature verified by libs/common's verifier");
        assertEquals("application/json", request.header("Accept"));
        assertNull(request.header("Content-Type"), "no body, no content type");
        // the signature covers the query: the same header for another query does not verify
        assertFalse(SignedRequest.parse("GET", URI.create(gateway.url() + "/api/account/v2/companies?size=6&name=A%20B"),
                request.header("Authorization"), null).orElseThrow().verify(SECRET, ""));
        assertTrue(run.err().startsWith("HTTP 200"), run.err());
        assertEquals("""
                {
                  "content" : [ {
                    "name" : "Acme"
                  } ],
                  "page" : {
                    "number" : 0
                  }
                }
                """, run.out());
    }

    @Test
    void aWrongSecretIsRefusedByTheVerifierAndExitsWithFour() {
        Map<String, String> wrong = Map.of("MARKETPLACE_GATEWAY_URL", gateway.url(), "MARKETPLACE_CONSUMER_KEY", KEY,
                "MARKETPLACE_CONSUMER_SECRET", "not-the-secret");

        CliRun run = CliRun.run(wrong, home, "call", "GET", "/api/account/v2/companies");

        assertFalse(gateway.only().signatureValid());
        assertEquals(4, run.exit(), run.toString());
        assertTrue(run.err().startsWith("HTTP 403"), run.err());
        assertTrue(run.out().contains("\"code\" : \"FORBIDDEN\""), run.out());
        assertFalse(run.all().contains("not-the-secret"));
    }

    @Test
    void aBodyIsSentAsJsonWithTheExtraHeadersAndSigned() {
        gateway.answer(201, "{\"uuid\":\"c-1\"}");

        CliRun run = CliRun.run(env, home, "call", "POST", "/api/account/v2/companies", "{\"name\": \"Acme\"}",
                "-H", "Idempotency-Key: k-42", "--header", "X-Trace:  yes ");

        assertEquals(0, run.exit(), run.toString());
        StubServer.Received request = gateway.only();
        assertEquals("POST", request.method());
        assertEquals("{\"name\": \"Acme\"}", request.body());
        assertEquals("application/json", request.header("Content-Type"));
        assertEquals("k-42", request.header("Idempotency-Key"));
        assertEquals("yes", request.header("X-Trace"));
        assertTrue(request.signatureValid());
        assertTrue(run.err().startsWith("HTTP 201"));
    }

    @Test
    void aBodyComesFromAFileOrStandardInput() throws Exception {
        Path file = Files.writeString(home.resolve("company.json"), "{\"name\": \"From a file\"}");
        assertEquals(0, CliRun.run(env, home, "call", "PUT", "/api/account/v2/companies/c-1", "@" + file).exit());
        assertEquals(0, CliRun.runWithInput(env, home, "{\"name\": \"From stdin\"}", "call", "PATCH",
                "/api/account/v2/companies/c-1", "@-").exit());

        assertEquals("{\"name\": \"From a file\"}", gateway.received().get(0).body());
        assertEquals("PUT", gateway.received().get(0).method());
        assertEquals("{\"name\": \"From stdin\"}", gateway.received().get(1).body());
        assertEquals("PATCH", gateway.received().get(1).method());

        CliRun missing = CliRun.run(env, home, "call", "PUT", "/x", "@" + home.resolve("nothing.json"));
        assertEquals(2, missing.exit());
        assertTrue(missing.err().contains("BODY: cannot read file"), missing.err());
        assertEquals(2, gateway.received().size(), "nothing sent");
    }

    @Test
    void aFormBodyTakesPartInTheSignature() {
        CliRun run = CliRun.run(env, home, "call", "POST", "/oauth2/token", "grant_type=client_credentials&scope=ROLE_PARTNER",
                "-H", "Content-Type: application/x-www-form-urlencoded");

        assertEquals(0, run.exit(), run.toString());
        StubServer.Received request = gateway.only();
        assertTrue(request.signatureValid(), "verified with the form parameters");
        assertEquals("application/x-www-form-urlencoded", request.header("Content-Type"));
        assertFalse(SignedRequest.parse("POST", URI.create(gateway.url() + "/oauth2/token"), request.header("Authorization"),
                "grant_type=client_credentials&scope=ROLE_SUPER_SUPPORT").orElseThrow().verify(SECRET, ""),
                "another form does not verify");
    }

    @Test
    void exitCodesFollowTheStatus() {
        gateway.answer(404, "{\"code\":\"NOT_FOUND\",\"message\":\"No company c-9\"}").answer(503, "{\"code\":\"SERVICE_UNAVAILABLE\"}")
                .answer(204, null, "").answer(302, null, "");

        CliRun notFound = CliRun.run(env, home, "call", "GET", "/api/account/v2/companies/c-9");
        CliRun unavailable = CliRun.run(env, home, "call", "GET", "/api/account/v2/companies");
        CliRun noContent = CliRun.run(env, home, "call", "DELETE", "/api/account/v2/companies/c-1");
        CliRun redirect = CliRun.run(env, home, "call", "GET", "/somewhere");

        assertEquals(4, notFound.exit());
        assertTrue(notFound.out().contains("\"message\" : \"No company c-9\""), notFound.out());
        assertEquals(5, unavailable.exit());
        assertTrue(unavailable.err().startsWith("HTTP 503"));
        assertEquals(0, noContent.exit());
        assertEquals("", noContent.out());
        assertEquals(0, redirect.exit());
        assertEquals(4, gateway.received().size());
    }

    @Test
    void anUnreachableGatewayExitsWithSixAndSaysWhere() throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        CliRun run = CliRun.run(Map.of("MARKETPLACE_GATEWAY_URL", "http://127.0.0.1:" + closed, "MARKETPLACE_CONSUMER_KEY", KEY,
                "MARKETPLACE_CONSUMER_SECRET", SECRET), home, "call", "GET", "/api/account/v2/companies");

        assertEquals(6, run.exit(), run.toString());
        assertTrue(run.err().contains("cannot connect to http://127.0.0.1:" + closed), run.err());
    }

    @Test
    void anAbsoluteUrlIsCalledAsItIs() {
        Map<String, String> elsewhere = Map.of("MARKETPLACE_GATEWAY_URL", "http://127.0.0.1:1", "MARKETPLACE_CONSUMER_KEY", KEY,
                "MARKETPLACE_CONSUMER_SECRET", SECRET);

        CliRun run = CliRun.run(elsewhere, home, "call", "GET", gateway.url() + "/api/account/v2/users?size=1");

        assertEquals(0, run.exit(), run.toString());
        assertEquals("/api/account/v2/users?size=1", gateway.only().rawPathAndQuery());
        assertTrue(gateway.only().signatureValid());
    }

    @Test
    void badInputIsRefusedBeforeAnythingIsSent() {
        CliRun authorization = CliRun.run(env, home, "call", "GET", "/x", "-H", "Authorization: Bearer abc");
        CliRun relative = CliRun.run(env, home, "call", "GET", "api/account/v2/companies");
        CliRun header = CliRun.run(env, home, "call", "GET", "/x", "-H", "no colon");
        CliRun method = CliRun.run(env, home, "call", "G E T", "/x");
        CliRun space = CliRun.run(env, home, "call", "GET", "/api/account/v2/companies?name=A B");
        CliRun missingPath = CliRun.run(env, home, "call", "GET");

        assertEquals(2, authorization.exit());
        assertTrue(authorization.err().contains("-H: Authorization is written by the client"), authorization.err());
        assertEquals(2, relative.exit());
        assertTrue(relative.err().contains("PATH: 'api/account/v2/companies' must start with '/'"), relative.err());
        assertEquals(2, header.exit());
        assertTrue(header.err().contains("'no colon' is not a header"), header.err());
        assertEquals(2, method.exit());
        assertTrue(method.err().contains("METHOD: 'G E T' is not an HTTP method"), method.err());
        assertEquals(2, space.exit());
        assertTrue(space.err().contains("percent-encode"), space.err());
        assertEquals(2, missingPath.exit());
        assertTrue(missingPath.err().contains("Missing required parameter"), missingPath.err());
        assertTrue(gateway.received().isEmpty());
    }

    @Test
    void verboseAndIncludeShowTheExchangeButNeverTheSecretOrSignature() {
        CliRun run = CliRun.run(env, home, "call", "GET", "/api/account/v2/companies", "-v", "-i");

        assertEquals(0, run.exit(), run.toString());
        assertTrue(run.err().contains("> GET " + gateway.url() + "/api/account/v2/companies"), run.err());
        assertTrue(run.err().contains("> Authorization: OAuth (HMAC-SHA1, " + KEY + ")"), run.err());
        assertTrue(run.err().toLowerCase().contains("x-request-id: stub-request"), run.err());
        String signature = SignedRequest.parse("GET", URI.create(gateway.url() + "/api/account/v2/companies"),
                gateway.only().header("Authorization"), null).orElseThrow().signature();
        assertFalse(run.all().contains(SECRET));
        assertFalse(run.all().contains(signature));
        assertFalse(run.all().contains("oauth_signature"));
    }
}
