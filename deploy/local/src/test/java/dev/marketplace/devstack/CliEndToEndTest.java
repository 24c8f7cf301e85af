package dev.marketplace.devstack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.cli.CliEnvironment;
import dev.marketplace.cli.MarketplaceCli;

/** The command-line client (deploy/cli) against the real gateway, run in-process as a user's shell runs it. */
class CliEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path home;

    record Run(int exit, String out, String err) {
        JsonNode json() throws Exception {
            return JSON.readTree(out);
        }

        @Override
        public String toString() {
            return "exit " + exit + "\n--- out:\n" + out + "--- err:\n" + err;
        }
    }

    private Run cli(Map<String, String> env, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = MarketplaceCli.run(args, new CliEnvironment(env, home, new ByteArrayInputStream(new byte[0]),
                new PrintWriter(out, true), new PrintWriter(err, true)));
        return new Run(exit, out.toString(), err.toString());
    }

    private static Map<String, String> consumer(String key, String secret) {
        return Map.of("MARKETPLACE_GATEWAY_URL", Suite.stack().gatewayUrl(), "MARKETPLACE_CONSUMER_KEY", key,
                "MARKETPLACE_CONSUMER_SECRET", secret);
    }

    private static Map<String, String> bootstrap() {
        return consumer(DevStack.CONSUMER_KEY, DevStack.CONSUMER_SECRET);
    }

    @Test
    void callListsCompaniesWithTheBootstrapConsumer() throws Exception {
        Run run = cli(bootstrap(), "call", "GET", "/api/account/v2/companies?size=5");

        assertEquals(0, run.exit(), run.toString());
        assertTrue(run.err().startsWith("HTTP 200"), run.err());
        assertTrue(run.json().get("content").isArray(), run.out());
    }

    @Test
    void callSendsASignedBodyAndFailsWithTheRightExitCodes() throws Exception {
        String externalId = "cli-e2e-" + UUID.randomUUID();
        Run created = cli(bootstrap(), "call", "POST", "/api/account/v2/companies",
                "{\"name\": \"Cli Co\", \"externalId\": \"" + externalId + "\", \"countryCode\": \"US\"}",
                "-H", "Idempotency-Key: " + externalId);
        assertEquals(0, created.exit(), created.toString());
        assertTrue(created.err().startsWith("HTTP 201"), created.err());
        String uuid = created.json().get("uuid").asText();

        Run found = cli(bootstrap(), "call", "GET", "/api/account/v2/companies/externalId:" + externalId);
        assertEquals(0, found.exit(), found.toString());
        assertEquals(uuid, found.json().get("uuid").asText());

        Run wrongSecret = cli(consumer(DevStack.CONSUMER_KEY, "not-the-secret"), "call", "GET", "/api/account/v2/companies");
        assertEquals(4, wrongSecret.exit(), wrongSecret.toString());
        assertTrue(wrongSecret.err().startsWith("HTTP 403"), wrongSecret.err());
        Run invalid = cli(bootstrap(), "call", "POST", "/api/account/v2/companies", "{\"countryCode\": \"US\"}");
        assertEquals(4, invalid.exit(), invalid.toString());
        assertEquals("INVALID_FIELD", invalid.json().get("code").asText());
    }

    /**
     * The operator's commands end to end. Skipped while the marketplaces API is not in this build (the gateway answers
     * 404 on its path) or the devstack has no operator credential (DevStack.OPERATOR_KEY).
     */
    @Test
    void theOperatorCreatesAMarketplaceAndManagesItsConsumers() throws Exception {
        Run probe = cli(bootstrap(), "call", "GET", "/api/platform/v1/marketplaces");
        Assumptions.assumeFalse(probe.err().startsWith("HTTP 404"),
                "skipped: the gateway answers 404 on /api/platform/v1/marketplaces (the marketplaces API is not in this build)");
        assertTrue(probe.err().startsWith("HTTP 403"), "a marketplace's consumer cannot call the platform API: " + probe);
        String[] operator = operatorCredential();
        Assumptions.assumeTrue(operator != null, "skipped: the devstack has no platform operator credential (DevStack.OPERATOR_KEY)");

        Path profiles = home.resolve("profiles.properties");
        Files.writeString(profiles, "operator.gateway-url=" + Suite.stack().gatewayUrl() + "\noperator.consumer-key=" + operator[0]
                + "\noperator.consumer-secret=" + operator[1] + "\n");
        Files.setPosixFilePermissions(profiles, PosixFilePermissions.fromString("rw-------"));
        Map<String, String> asOperator = Map.of("MARKETPLACE_CLI_CONFIG", profiles.toString());
        String partner = "CLI" + UUID.randomUUID().toString().replace("-", "").substring(0, 12).toUpperCase();

        Run created = cli(asOperator, "marketplaces", "create", partner, "--name", "Cli Market", "--locale", "en_US",
                "--currency", "USD", "--profile", "operator");
        assertEquals(0, created.exit(), created.toString());
        assertEquals(partner, created.json().get("partner").asText());
        Run again = cli(asOperator, "marketplaces", "create", partner, "--name", "Cli Market", "--profile", "operator");
        assertEquals(4, again.exit(), again.toString());
        assertTrue(again.err().startsWith("HTTP 409"), again.err());
        Run list = cli(asOperator, "marketplaces", "list", "--size", "1000", "--profile", "operator");
        assertTrue(list.out().contains(partner), list.toString());

        Run consumer = cli(asOperator, "consumers", "create", partner, "--name", "Cli console", "--profile", "operator");
        assertEquals(0, consumer.exit(), consumer.toString());
        String key = consumer.json().get("consumerKey").asText();
        String secret = consumer.json().get("consumerSecret").asText();
        Run companies = cli(consumer(key, secret), "call", "GET", "/api/account/v2/companies");
        assertEquals(0, companies.exit(), companies.toString());

        Run rotated = cli(asOperator, "consumers", "rotate", partner, key, "--profile", "operator");
        assertEquals(0, rotated.exit(), rotated.toString());
        String newSecret = rotated.json().get("consumerSecret").asText();
        assertEquals(4, cli(consumer(key, secret), "call", "GET", "/api/account/v2/companies").exit(), "the old secret is refused");
        assertEquals(0, cli(consumer(key, newSecret), "call", "GET", "/api/account/v2/companies").exit());

        assertEquals(0, cli(asOperator, "marketplaces", "disable", partner, "--profile", "operator").exit());
        assertEquals(4, refusedWithin(consumer(key, newSecret), 3000), "a disabled marketplace's consumer is refused");
        assertEquals(0, cli(asOperator, "marketplaces", "enable", partner, "--profile", "operator").exit());

        Run listed = cli(asOperator, "consumers", "list", partner, "--profile", "operator");
        assertTrue(listed.out().contains(key) && !listed.out().contains(newSecret), listed.toString());
        Run revoked = cli(asOperator, "consumers", "revoke", partner, key, "--profile", "operator");
        assertEquals(0, revoked.exit(), revoked.toString());
        assertEquals(4, refusedWithin(consumer(key, newSecret), 3000), "a revoked consumer is refused");
    }

    /** The exit code of the first refused call within {@code millis} (a change may take a moment to reach every replica). */
    private int refusedWithin(Map<String, String> env, long millis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        Run run;
        do {
            run = cli(env, "call", "GET", "/api/account/v2/companies");
            if (run.exit() != 0) {
                return run.exit();
            }
            Thread.sleep(100);
        } while (System.currentTimeMillis() < deadline);
        return run.exit();
    }

    /** DevStack.OPERATOR_KEY and OPERATOR_SECRET when this build has them (the marketplaces API's branch adds them). */
    private static String[] operatorCredential() {
        try {
            return new String[] { (String) DevStack.class.getField("OPERATOR_KEY").get(null),
                    (String) DevStack.class.getField("OPERATOR_SECRET").get(null) };
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }
}
