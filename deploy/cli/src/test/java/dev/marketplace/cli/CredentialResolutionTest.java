package dev.marketplace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.marketplace.common.oauth.SignedRequest;

/**
 * Where the client finds the credential it signs with: a profile (named by --profile or MARKETPLACE_PROFILE, or the
 * 'default' one), or the environment; and the clear refusals, exit code 3, when it finds none. The gateway stub takes
 * any consumer and tells which one signed.
 */
class CredentialResolutionTest {
    @TempDir
    Path home;
    private StubServer gateway;
    private StubServer other;
    private Path file;

    @BeforeEach
    void start() throws Exception {
        gateway = new StubServer();
        other = new StubServer();
        file = home.resolve(".config/marketplace/profiles.properties");
        Files.createDirectories(file.getParent());
        Files.writeString(file, """
                # the devstack's bootstrap consumer
                default.gateway-url=%s
                default.consumer-key=default-key
                default.consumer-secret=default-secret
                operator.gateway-url=%s
                operator.consumer-key=operator-key
                operator.consumer-secret=operator-secret
                broken.consumer-key=broken-key
                """.formatted(gateway.url(), other.url()));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    }

    @AfterEach
    void stop() {
        gateway.close();
        other.close();
    }

    /** Who signed the only request a server received, proven with the secret: "key/secret". */
    private static String signer(StubServer server, String secret) {
        StubServer.Received request = server.only();
        SignedRequest signed = SignedRequest.parse(request.method(), URI.create(server.url() + request.rawPathAndQuery()),
                request.header("Authorization"), null).orElseThrow();
        return signed.consumerKey() + (signed.verify(secret, "") ? "/verified" : "/not verified");
    }

    @Test
    void theDefaultProfileOfTheFileInTheHomeDirectoryNeedsNoOption() {
        CliRun run = CliRun.run(Map.of(), home, "call", "GET", "/api/account/v2/companies");

        assertEquals(0, run.exit(), run.toString());
        assertEquals("default-key/verified", signer(gateway, "default-secret"));
        assertEquals("", run.err().replace("HTTP 200\n", ""), "no warning for a file only its owner reads");
    }

    @Test
    void aNamedProfileBringsItsOwnGatewayAndCredential() {
        CliRun byOption = CliRun.run(Map.of(), home, "call", "GET", "/x", "--profile", "operator");

        assertEquals(0, byOption.exit(), byOption.toString());
        assertEquals("operator-key/verified", signer(other, "operator-secret"));
        assertTrue(gateway.received().isEmpty());
    }

    @Test
    void theProfileVariableNamesAProfileAndTheOptionWinsOverIt() {
        CliRun byVariable = CliRun.run(Map.of("MARKETPLACE_PROFILE", "operator"), home, "call", "GET", "/x");
        CliRun optionFirst = CliRun.run(Map.of("MARKETPLACE_PROFILE", "operator"), home, "call", "GET", "/y", "--profile",
                "default");

        assertEquals(0, byVariable.exit());
        assertEquals(0, optionFirst.exit());
        assertEquals("operator-key/verified", signer(other, "operator-secret"));
        assertEquals("default-key/verified", signer(gateway, "default-secret"));
    }

    @Test
    void theEnvironmentWinsOverTheDefaultProfileAndGatewayOptionOverBoth() {
        Map<String, String> env = Map.of("MARKETPLACE_GATEWAY_URL", other.url(), "MARKETPLACE_CONSUMER_KEY", "env-key",
                "MARKETPLACE_CONSUMER_SECRET", "env-secret");
        CliRun fromEnvironment = CliRun.run(env, home, "call", "GET", "/x");
        CliRun movedGateway = CliRun.run(env, home, "call", "GET", "/y", "--gateway", gateway.url());

        assertEquals(0, fromEnvironment.exit());
        assertEquals(0, movedGateway.exit());
        assertEquals("env-key/verified", signer(other, "env-secret"));
        assertEquals("env-key/verified", signer(gateway, "env-secret"));
    }

    @Test
    void theConfigVariableNamesAnotherFile() throws Exception {
        Path elsewhere = Files.writeString(home.resolve("team.properties"),
                "ci.gateway-url=" + gateway.url() + "\nci.consumer-key=ci-key\nci.consumer-secret=ci-secret\n");
        Files.setPosixFilePermissions(elsewhere, PosixFilePermissions.fromString("rw-------"));

        CliRun run = CliRun.run(Map.of("MARKETPLACE_CLI_CONFIG", elsewhere.toString()), home, "call", "GET", "/x",
                "--profile", "ci");

        assertEquals(0, run.exit(), run.toString());
        assertEquals("ci-key/verified", signer(gateway, "ci-secret"));
    }

    @Test
    void withoutAnyCredentialTheErrorSaysWhatToSetAndExitsWithThree() throws Exception {
        Files.delete(file);

        CliRun run = CliRun.run(Map.of(), home, "call", "GET", "/x");

        assertEquals(3, run.exit(), run.toString());
        assertEquals("error: no credentials: set MARKETPLACE_CONSUMER_KEY and MARKETPLACE_CONSUMER_SECRET (and "
                + "MARKETPLACE_GATEWAY_URL, default http://localhost:8080), or write a profile to " + file
                + " and pass --profile NAME (a profile named 'default' needs no option); see 'marketplace --help'\n", run.err());
        assertEquals("", run.out());
        assertTrue(gateway.received().isEmpty());
    }

    @Test
    void halfACredentialInTheEnvironmentIsRefused() {
        CliRun run = CliRun.run(Map.of("MARKETPLACE_CONSUMER_KEY", "env-key"), home, "call", "GET", "/x");

        assertEquals(3, run.exit());
        assertTrue(run.err().contains("MARKETPLACE_CONSUMER_SECRET is not set (but MARKETPLACE_CONSUMER_KEY is)"), run.err());
        assertTrue(gateway.received().isEmpty(), "not even the default profile is used instead");
    }

    @Test
    void unknownAndIncompleteProfilesAreNamed() throws Exception {
        CliRun unknown = CliRun.run(Map.of(), home, "call", "GET", "/x", "--profile", "staging");
        CliRun incomplete = CliRun.run(Map.of(), home, "call", "GET", "/x", "--profile", "broken");
        Map<String, String> missingFile = new HashMap<>(Map.of("MARKETPLACE_CLI_CONFIG", home.resolve("none.properties").toString()));
        CliRun noFile = CliRun.run(missingFile, home, "call", "GET", "/x", "--profile", "operator");
        Files.writeString(file, "default.gateway-url=localhost:8080\ndefault.consumer-key=k\ndefault.consumer-secret=s\n");
        CliRun badUrl = CliRun.run(Map.of(), home, "call", "GET", "/x");

        assertEquals(3, unknown.exit());
        assertTrue(unknown.err().contains("no profile 'staging' in " + file + " (profiles there: broken, default, operator)"),
                unknown.err());
        assertEquals(3, incomplete.exit());
        assertTrue(incomplete.err().contains("profile 'broken' in " + file + " has no broken.consumer-secret"), incomplete.err());
        assertEquals(3, noFile.exit());
        assertTrue(noFile.err().contains("profile 'operator' asked for, but " + home.resolve("none.properties") + " does not exist"),
                noFile.err());
        assertEquals(3, badUrl.exit());
        assertTrue(badUrl.err().contains("default.gateway-url in " + file + ": 'localhost:8080' is not an http(s) URL"),
                badUrl.err());
        for (CliRun run : new CliRun[] { unknown, incomplete, noFile, badUrl }) {
            assertFalse(run.all().contains("operator-secret")
                    || run.all().contains("default-secret"), "no secret in " + run);
        }
        assertTrue(gateway.received().isEmpty() && other.received().isEmpty());
    }

    @Test
    void aProfileFileOthersCanReadIsWarnedAbout() throws Exception {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

        CliRun run = CliRun.run(Map.of(), home, "call", "GET", "/x");

        assertEquals(0, run.exit());
        assertTrue(run.err().startsWith("warning: " + file + " holds secrets and other users can read it (chmod 600 "), run.err());
    }

    @Test
    void noOptionOfAnyCommandTakesASecret() {
        CliRun secretOption = CliRun.run(Map.of(), home, "call", "GET", "/x", "--consumer-secret", "s");
        assertEquals(2, secretOption.exit());
        assertTrue(secretOption.err().contains("Unknown option: '--consumer-secret'"), secretOption.err());

        // every option of every command, so that no future one can take a credential
        var line = MarketplaceCli.commandLine(new CliEnvironment(Map.of(), home, System.in,
                new java.io.PrintWriter(java.io.Writer.nullWriter()), new java.io.PrintWriter(java.io.Writer.nullWriter())));
        java.util.List<String> names = new java.util.ArrayList<>();
        java.util.ArrayDeque<picocli.CommandLine> commands = new java.util.ArrayDeque<>(java.util.List.of(line));
        while (!commands.isEmpty()) {
            picocli.CommandLine command = commands.pop();
            command.getCommandSpec().options().forEach(o -> names.addAll(java.util.List.of(o.names())));
            commands.addAll(command.getSubcommands().values());
        }
        assertTrue(names.contains("--profile") && names.contains("--authority"), names.toString());
        assertTrue(names.stream().noneMatch(n -> n.matches("(?i).*(secret|password|token|key|credential).*")), names.toString());
    }
}
