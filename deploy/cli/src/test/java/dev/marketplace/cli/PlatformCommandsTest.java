package dev.marketplace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@code marketplace marketplaces ...} and {@code consumers ...}: each sends exactly the request of the marketplaces API
 * contract, signed with the operator's profile, and prints the answer.
 */
class PlatformCommandsTest {
    private static final String OPERATOR_KEY = "platform-operator";
    private static final String OPERATOR_SECRET = "operator-secret-123";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ACME = """
            {"partner":"ACME","name":"Acme Market","defaultLocale":"en_US","defaultCurrency":"USD","enabled":true,
             "createdOn":"2026-11-29T14:00:00Z"}""";

    @TempDir
    Path home;
    private StubServer gateway;
    private Map<String, String> env;

    @BeforeEach
    void start() throws Exception {
        gateway = new StubServer().requireSignature(OPERATOR_KEY, OPERATOR_SECRET);
        Path profiles = Files.writeString(home.resolve("profiles.properties"), """
                operator.gateway-url=%s
                operator.consumer-key=%s
                operator.consumer-secret=%s
                """.formatted(gateway.url(), OPERATOR_KEY, OPERATOR_SECRET));
        Files.setPosixFilePermissions(profiles, PosixFilePermissions.fromString("rw-------"));
        env = Map.of("MARKETPLACE_CLI_CONFIG", profiles.toString(), "MARKETPLACE_PROFILE", "operator");
    }

    @AfterEach
    void stop() {
        gateway.close();
    }

    private static JsonNode json(String raw) throws Exception {
        return JSON.readTree(raw);
    }

    @Test
    void createPostsTheMarketplaceAndPrintsTheAnswer() throws Exception {
        gateway.answer(201, ACME);

        CliRun run = CliRun.run(env, home, "marketplaces", "create", "ACME", "--name", "Acme Market", "--locale", "en_US",
                "--currency", "USD");

        assertEquals(0, run.exit(), run.toString());
        StubServer.Received request = gateway.only();
        assertEquals("POST", request.method());
        assertEquals("/api/platform/v1/marketplaces", request.rawPathAndQuery());
        assertEquals("application/json", request.header("Content-Type"));
        assertEquals(json("{\"partner\":\"ACME\",\"name\":\"Acme Market\",\"defaultLocale\":\"en_US\",\"defaultCurrency\":\"USD\"}"),
                json(request.body()));
        assertTrue(request.signatureValid());
        assertTrue(run.err().startsWith("HTTP 201"));
        assertEquals(json(ACME), json(run.out()));
    }

    @Test
    void createSendsTheDefaultLocaleAndCurrencyAndShowsARefusal() throws Exception {
        gateway.answer(409, "{\"code\":\"CONFLICT\",\"message\":\"Marketplace ACME exists\"}");

        CliRun run = CliRun.run(env, home, "marketplaces", "create", "ACME", "--name", "Acme Market");

        assertEquals(json("{\"partner\":\"ACME\",\"name\":\"Acme Market\",\"defaultLocale\":\"en_US\",\"defaultCurrency\":\"USD\"}"),
                json(gateway.only().body()));
        assertEquals(4, run.exit());
        assertTrue(run.out().contains("Marketplace ACME exists"), run.out());
        CliRun noName = CliRun.run(env, home, "marketplaces", "create", "ACME");
        assertEquals(2, noName.exit());
        assertTrue(noName.err().contains("Missing required option: '--name=NAME'"), noName.err());
        assertEquals(1, gateway.received().size());
    }

    @Test
    void listPrintsATableOrTheJsonAndPassesThePage() throws Exception {
        String page = "{\"links\":[],\"content\":[" + ACME + ",{\"partner\":\"MARKETPLACE\",\"name\":\"Marketplace\","
                + "\"defaultLocale\":\"en_US\",\"defaultCurrency\":\"USD\",\"enabled\":false,\"createdOn\":\"2026-11-01T00:00:00Z\"}],"
                + "\"page\":{\"size\":2,\"totalElements\":5,\"totalPages\":3,\"number\":1}}";
        gateway.answer(200, page).answer(200, page);

        CliRun table = CliRun.run(env, home, "marketplaces", "list", "--page", "1", "--size", "2");
        CliRun raw = CliRun.run(env, home, "marketplaces", "list", "--json");

        assertEquals(0, table.exit(), table.toString());
        assertEquals("GET", gateway.received().get(0).method());
        assertEquals("/api/platform/v1/marketplaces?page=1&size=2", gateway.received().get(0).rawPathAndQuery());
        assertEquals("/api/platform/v1/marketplaces", gateway.received().get(1).rawPathAndQuery());
        assertEquals("""
                PARTNER      NAME         LOCALE  CURRENCY  ENABLED  CREATED
                ACME         Acme Market  en_US   USD       true     2026-11-29T14:00:00Z
                MARKETPLACE  Marketplace  en_US   USD       false    2026-11-01T00:00:00Z
                (page 1 of 3 pages, 5 in all)
                """, table.out());
        assertEquals(json(page), json(raw.out()));
    }

    @Test
    void showDisableAndEnableNameThePartnerInThePath() throws Exception {
        gateway.answer(200, ACME).answer(200, ACME.replace("true", "false")).answer(200, ACME)
                .answer(404, "{\"code\":\"NOT_FOUND\",\"message\":\"No marketplace NOPE\"}");

        CliRun show = CliRun.run(env, home, "marketplaces", "show", "ACME");
        CliRun disable = CliRun.run(env, home, "marketplaces", "disable", "ACME");
        CliRun enable = CliRun.run(env, home, "marketplaces", "enable", "ACME");
        CliRun unknown = CliRun.run(env, home, "marketplaces", "show", "NOPE");

        assertEquals(0, show.exit());
        assertEquals(0, disable.exit());
        assertEquals(0, enable.exit());
        assertEquals(4, unknown.exit());
        var received = gateway.received();
        assertEquals("GET /api/platform/v1/marketplaces/ACME", received.get(0).method() + " " + received.get(0).rawPathAndQuery());
        assertEquals("POST /api/platform/v1/marketplaces/ACME/disable", received.get(1).method() + " " + received.get(1).rawPathAndQuery());
        assertEquals("POST /api/platform/v1/marketplaces/ACME/enable", received.get(2).method() + " " + received.get(2).rawPathAndQuery());
        assertTrue(received.stream().allMatch(StubServer.Received::signatureValid));
        assertEquals("", received.get(1).body(), "disable has no body");
        assertNull(received.get(1).header("Content-Type"));
        assertFalse(json(disable.out()).get("enabled").asBoolean());
        assertTrue(unknown.out().contains("No marketplace NOPE"));
    }

    @Test
    void aPartnerOrKeyCannotReachAnotherPath() {
        CliRun run = CliRun.run(env, home, "marketplaces", "show", "../../account/v2/companies");
        CliRun rotate = CliRun.run(env, home, "consumers", "rotate", "ACME", "k/../../x");

        assertEquals(0, run.exit(), run.toString());
        assertEquals(0, rotate.exit(), rotate.toString());
        assertEquals("/api/platform/v1/marketplaces/..%2F..%2Faccount%2Fv2%2Fcompanies", gateway.received().get(0).rawPathAndQuery());
        assertEquals("/api/platform/v1/marketplaces/ACME/consumers/k%2F..%2F..%2Fx/rotate", gateway.received().get(1).rawPathAndQuery());
    }

    @Test
    void consumersCreatePostsNameAndAuthoritiesAndPrintsTheSecretOnce() throws Exception {
        String created = "{\"consumerKey\":\"acme-k1\",\"consumerSecret\":\"fresh-secret-1\",\"name\":\"Back office\","
                + "\"authorities\":[\"ROLE_CHANNEL_ADMIN\",\"ROLE_PARTNER\"],\"createdOn\":\"2026-11-29T14:00:00Z\"}";
        gateway.answer(201, created).answer(201, created);

        CliRun withAuthorities = CliRun.run(env, home, "consumers", "create", "ACME", "--name", "Back office", "--authority",
                "ROLE_CHANNEL_ADMIN", "--authority", "ROLE_PARTNER");
        CliRun withDefaults = CliRun.run(env, home, "consumers", "create", "ACME", "--name", "Back office");

        assertEquals(0, withAuthorities.exit(), withAuthorities.toString());
        StubServer.Received first = gateway.received().get(0);
        assertEquals("POST /api/platform/v1/marketplaces/ACME/consumers", first.method() + " " + first.rawPathAndQuery());
        assertEquals(json("{\"name\":\"Back office\",\"authorities\":[\"ROLE_CHANNEL_ADMIN\",\"ROLE_PARTNER\"]}"), json(first.body()));
        assertEquals(json("{\"name\":\"Back office\"}"), json(gateway.received().get(1).body()));
        assertEquals(json(created), json(withAuthorities.out()));
        assertEquals(1, countOf(withAuthorities.out(), "fresh-secret-1"), "printed once, in the answer");
        assertFalse(withAuthorities.err().contains("fresh-secret-1"));
        assertTrue(withAuthorities.err().contains("shown only this once"), withAuthorities.err());
        assertFalse(withAuthorities.all().contains(OPERATOR_SECRET), "the operator's own secret is never printed");
    }

    @Test
    void consumersListRotateAndRevoke() throws Exception {
        gateway.answer(200, "[{\"consumerKey\":\"acme-k1\",\"name\":\"Back office\",\"authorities\":[\"ROLE_PARTNER\","
                + "\"ROLE_CHANNEL_ADMIN\"],\"createdOn\":\"2026-11-29T14:00:00Z\"}]")
                .answer(200, "{\"consumerKey\":\"acme-k1\",\"consumerSecret\":\"rotated-2\",\"name\":\"Back office\","
                        + "\"authorities\":[\"ROLE_PARTNER\"],\"createdOn\":\"2026-11-29T14:00:00Z\"}")
                .answer(204, null, "")
                .answer(404, "{\"code\":\"NOT_FOUND\",\"message\":\"No consumer acme-k9\"}");

        CliRun list = CliRun.run(env, home, "consumers", "list", "ACME");
        CliRun rotate = CliRun.run(env, home, "consumers", "rotate", "ACME", "acme-k1");
        CliRun revoke = CliRun.run(env, home, "consumers", "revoke", "ACME", "acme-k1");
        CliRun unknown = CliRun.run(env, home, "consumers", "revoke", "ACME", "acme-k9");

        var received = gateway.received();
        assertEquals("GET /api/platform/v1/marketplaces/ACME/consumers", received.get(0).method() + " " + received.get(0).rawPathAndQuery());
        assertEquals("POST /api/platform/v1/marketplaces/ACME/consumers/acme-k1/rotate",
                received.get(1).method() + " " + received.get(1).rawPathAndQuery());
        assertEquals("DELETE /api/platform/v1/marketplaces/ACME/consumers/acme-k1",
                received.get(2).method() + " " + received.get(2).rawPathAndQuery());
        assertTrue(received.stream().allMatch(StubServer.Received::signatureValid));
        assertEquals("""
                CONSUMER KEY  NAME         AUTHORITIES                      CREATED
                acme-k1       Back office  ROLE_PARTNER,ROLE_CHANNEL_ADMIN  2026-11-29T14:00:00Z
                """, list.out());
        assertEquals(0, rotate.exit());
        assertEquals("rotated-2", json(rotate.out()).get("consumerSecret").asText());
        assertTrue(rotate.err().contains("shown only this once"));
        assertEquals(0, revoke.exit());
        assertTrue(revoke.err().startsWith("HTTP 204"));
        assertEquals(4, unknown.exit());
    }

    @Test
    void aMarketplaceCredentialIsRefusedAsTheGatewayWould() {
        Map<String, String> channel = Map.of("MARKETPLACE_GATEWAY_URL", gateway.url(), "MARKETPLACE_CONSUMER_KEY",
                "marketplace-admin", "MARKETPLACE_CONSUMER_SECRET", "marketplace-admin-secret");

        CliRun run = CliRun.run(channel, home, "marketplaces", "list");

        assertEquals(4, run.exit());
        assertTrue(run.err().startsWith("HTTP 403"), run.err());
        assertTrue(run.out().contains("FORBIDDEN"));
    }

    @Test
    void aGroupWithoutItsSubcommandIsAUsageError() {
        CliRun run = CliRun.run(env, home, "consumers");

        assertEquals(2, run.exit());
        assertTrue(run.err().contains("choose one of: create, list, rotate, revoke"), run.err());
        assertTrue(gateway.received().isEmpty());
    }

    private static int countOf(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            count++;
        }
        return count;
    }
}
