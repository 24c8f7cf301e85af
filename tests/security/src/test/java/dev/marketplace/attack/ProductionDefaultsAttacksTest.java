package dev.marketplace.attack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import dev.marketplace.testkit.Postgres;
import dev.marketplace.testkit.Redis;

/**
 * A production start with the development defaults: the gateway, catalog-service, reseller-service and lead-service
 * refuse to start in the prod profile while a secret is unset or a development default, and every service while its
 * database password is; the error names the variable to set.
 */
class ProductionDefaultsAttacksTest {

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** Runs a service's jar in the prod profile until it exits (at most 3 minutes); its exit code and its output. */
    private static Map.Entry<Integer, String> runProd(String module, String database, Map<String, String> settings) throws Exception {
        return runProd(module, database, settings, Set.of());
    }

    /** Same, with the variables {@code unset} left out of the environment. */
    private static Map.Entry<Integer, String> runProd(String module, String database, Map<String, String> settings,
            Set<String> unset) throws Exception {
        Stack.stack();
        Path root = Path.of(System.getProperty("devstack.root", "../..")).toAbsolutePath().normalize();
        Path jar = root.resolve(module).resolve("target/quarkus-app/quarkus-run.jar");
        Path log = Files.createTempFile("prod-" + module, ".log");
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:TieredStopAtLevel=1", "-Dquarkus.profile=prod", "-jar", jar.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        Map<String, String> env = builder.environment();
        Postgres.datasourceConfig(database).forEach((k, v) -> env.put(k.toUpperCase().replace('.', '_').replace('-', '_'), v));
        env.put("QUARKUS_HTTP_PORT", String.valueOf(freePort()));
        env.put("MARKETPLACE_GATEWAY_MANAGEMENT_PORT", String.valueOf(freePort()));
        env.put("QUARKUS_MANAGEMENT_PORT", String.valueOf(freePort()));
        env.put("REDIS_URL", Redis.url());
        env.put("KAFKA_BOOTSTRAP_SERVERS", Stack.stack().kafkaBootstrapServers());
        // what is not a secret is configured, so that the start gets as far as the check
        java.security.KeyPairGenerator generator = java.security.KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        String publicKey = java.util.Base64.getEncoder().encodeToString(generator.generateKeyPair().getPublic().getEncoded());
        env.put("INTERNAL_TOKEN_PUBLIC_KEY", publicKey);
        env.put("QUARKUS_OIDC_PUBLIC_KEY", publicKey);
        env.putAll(settings);
        env.keySet().removeAll(unset);
        Process process = builder.start();
        try {
            if (!process.waitFor(3, TimeUnit.MINUTES)) {
                return Map.entry(-1, Files.readString(log));
            }
            return Map.entry(process.exitValue(), Files.readString(log));
        } finally {
            process.destroyForcibly();
        }
    }

    @Test
    void theGatewayRefusesToStartWithDevelopmentSecretsAndNamesEachVariable() throws Exception {
        Map.Entry<Integer, String> run = runProd("gateway", "gateway", Map.of());
        assertTrue(run.getKey() > 0, "the gateway must exit with an error, not run: " + run.getKey());
        String out = run.getValue();
        for (String variable : new String[] { "MARKETPLACE_GATEWAY_ENCRYPTION_KEY", "MARKETPLACE_GATEWAY_INTERNAL_TOKEN_PRIVATE_KEY",
                "MARKETPLACE_GATEWAY_ACCESS_TOKEN_PRIVATE_KEY", "MARKETPLACE_GATEWAY_BOOTSTRAP_CONSUMER_SECRET" }) {
            assertTrue(out.contains(variable), variable + " is not named in:\n" + out);
        }
        assertTrue(out.contains("Refusing to start in the prod profile"), out);
    }

    @Test
    void catalogRefusesToStartWithTheDevelopmentEncryptionKey() throws Exception {
        Map.Entry<Integer, String> run = runProd("catalog-service", "catalog", Map.of());
        assertTrue(run.getKey() > 0, "catalog must exit with an error, not run: " + run.getKey());
        assertTrue(run.getValue().contains("CATALOG_ENCRYPTION_KEY (marketplace.secrets.encryption-key) is still the development "
                + "default"), run.getValue());
        // set on purpose to the development value: refused all the same
        Map.Entry<Integer, String> deliberate = runProd("catalog-service", "catalog",
                Map.of("CATALOG_ENCRYPTION_KEY", "dev-only-catalog-encryption-key-change-me"));
        assertTrue(deliberate.getKey() > 0);
        assertTrue(deliberate.getValue().contains("CATALOG_ENCRYPTION_KEY"), deliberate.getValue());
        assertEquals(false, deliberate.getValue().contains("dev-only-catalog-encryption-key-change-me"),
                "the refused value itself is never logged");
    }

    /**
     * Every service without its database password (the shipped fallback, {@code postgres}, is then in use), and one
     * with {@code postgres} set on purpose. The embedded PostgreSQL trusts local connections: only the check refuses.
     */
    @Test
    void everyServiceRefusesToStartWithTheDevelopmentDatabasePassword() throws Exception {
        List<String> wrong = new ArrayList<>();
        for (String[] service : new String[][] { { "gateway", "gateway", "GATEWAY_DB_PASSWORD" },
                { "account-service", "account", "DB_PASSWORD" }, { "reseller-service", "reseller", "DB_PASSWORD" },
                { "catalog-service", "catalog", "DB_PASSWORD" }, { "billing-service", "billing", "DB_PASSWORD" },
                { "notification-service", "notification", "DB_PASSWORD" }, { "lead-service", "lead", "DB_PASSWORD" } }) {
            Map.Entry<Integer, String> run = runProd(service[0], service[1], Map.of(), Set.of("QUARKUS_DATASOURCE_PASSWORD"));
            String expected = service[2] + " (quarkus.datasource.password) is still the development default";
            if (run.getKey() <= 0 || !run.getValue().contains(expected)) {
                wrong.add(service[0] + " exited " + run.getKey() + " without naming " + expected + ":\n" + run.getValue());
            }
        }
        assertEquals(List.of(), wrong);
        Map.Entry<Integer, String> deliberate = runProd("billing-service", "billing", Map.of("QUARKUS_DATASOURCE_PASSWORD", "postgres"));
        assertTrue(deliberate.getKey() > 0, "billing must exit with an error, not run: " + deliberate.getKey());
        assertTrue(deliberate.getValue().contains("QUARKUS_DATASOURCE_PASSWORD (quarkus.datasource.password) is still the "
                + "development default"), deliberate.getValue());
    }

    /** Services that call others by themselves refuse to start without their own service-token key. */
    @Test
    void resellerAndLeadRefuseToStartWithoutTheirServiceTokenKey() throws Exception {
        for (String[] service : new String[][] { { "reseller-service", "reseller" }, { "lead-service", "lead" } }) {
            Map.Entry<Integer, String> run = runProd(service[0], service[1], Map.of());
            assertTrue(run.getKey() > 0, service[0] + " must exit with an error, not run: " + run.getKey());
            assertTrue(run.getValue().contains("Refusing to start in the prod profile"), run.getValue());
            assertTrue(run.getValue().contains("INTERNAL_TOKEN_PRIVATE_KEY"), run.getValue());
        }
    }
}
