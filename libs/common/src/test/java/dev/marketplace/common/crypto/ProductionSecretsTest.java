package dev.marketplace.common.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.eclipse.microprofile.config.Config;
import org.junit.jupiter.api.Test;

import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;

/** What a production start says about each secret: the application.properties lines are the gateway's and catalog's. */
class ProductionSecretsTest {
    private static final Map<String, String> SHIPPED = Map.of(
            "marketplace.gateway.encryption-key", "${MARKETPLACE_GATEWAY_ENCRYPTION_KEY:dev-only-encryption-key-change-me}",
            "marketplace.secrets.encryption-key", "${marketplace.gateway.encryption-key}",
            "marketplace.gateway.internal-token.private-key", "${MARKETPLACE_GATEWAY_INTERNAL_TOKEN_PRIVATE_KEY:}",
            "marketplace.gateway.internal-token.private-key-location", "${MARKETPLACE_GATEWAY_INTERNAL_TOKEN_PRIVATE_KEY_LOCATION:}",
            "marketplace.gateway.bootstrap.consumer-secret", "marketplace-admin-secret",
            "marketplace.gateway.bootstrap.enabled", "true",
            "catalog.key", "${CATALOG_ENCRYPTION_KEY:dev-only-catalog-encryption-key-change-me}");
    private static final List<String> REQUIRED = List.of("marketplace.secrets.encryption-key",
            "marketplace.gateway.internal-token.private-key|marketplace.gateway.internal-token.private-key-location",
            "marketplace.gateway.bootstrap.consumer-secret|!marketplace.gateway.bootstrap.enabled", "catalog.key");

    private static Config config(Map<String, String> environment) {
        return new SmallRyeConfigBuilder().addDefaultInterceptors()
                .withSources(new PropertiesConfigSource(SHIPPED, "PropertiesConfigSource[source=application.properties]", 250))
                .withSources(new EnvConfigSource(environment, 300)).build();
    }

    @Test
    void everyUnsetOrDefaultSecretIsNamedByItsVariable() {
        assertEquals(List.of(
                "MARKETPLACE_GATEWAY_ENCRYPTION_KEY (marketplace.secrets.encryption-key) is still the development default",
                "MARKETPLACE_GATEWAY_INTERNAL_TOKEN_PRIVATE_KEY (marketplace.gateway.internal-token.private-key) is not set or "
                        + "MARKETPLACE_GATEWAY_INTERNAL_TOKEN_PRIVATE_KEY_LOCATION "
                        + "(marketplace.gateway.internal-token.private-key-location) is not set",
                "MARKETPLACE_GATEWAY_BOOTSTRAP_CONSUMER_SECRET (marketplace.gateway.bootstrap.consumer-secret) is still the "
                        + "development default",
                "CATALOG_ENCRYPTION_KEY (catalog.key) is still the development default"),
                ProductionSecrets.problems(REQUIRED, config(Map.of())));
    }

    @Test
    void realSecretsFromTheEnvironmentPass() {
        assertEquals(List.of(), ProductionSecrets.problems(REQUIRED, config(Map.of(
                "MARKETPLACE_GATEWAY_ENCRYPTION_KEY", "q9Jx1v0m6c2Qj8sK3pTzY0aB7wE4rU5n",
                "MARKETPLACE_GATEWAY_INTERNAL_TOKEN_PRIVATE_KEY_LOCATION", "/etc/keys/internal.pem",
                "MARKETPLACE_GATEWAY_BOOTSTRAP_CONSUMER_SECRET", "k3LxM0qP8vR2sT6wY9zA1bC4dE7fG5hJ",
                "CATALOG_ENCRYPTION_KEY", "Zx8Cv6Bn4Mq2Wr0Et9Yu7Io5Pa3Sd1Fg"))));
    }

    @Test
    void aDevelopmentValueSetOnPurposeIsRefusedAllTheSameAndADisabledFeatureNeedsNone() {
        List<String> problems = ProductionSecrets.problems(REQUIRED, config(Map.of(
                "MARKETPLACE_GATEWAY_ENCRYPTION_KEY", "dev-only-encryption-key-change-me",
                "MARKETPLACE_GATEWAY_INTERNAL_TOKEN_PRIVATE_KEY", "-----BEGIN PRIVATE KEY-----...",
                "MARKETPLACE_GATEWAY_BOOTSTRAP_ENABLED", "false",
                "CATALOG_ENCRYPTION_KEY", "marketplace-admin-secret")));
        assertEquals(List.of(
                "MARKETPLACE_GATEWAY_ENCRYPTION_KEY (marketplace.secrets.encryption-key) is still the development default",
                "CATALOG_ENCRYPTION_KEY (catalog.key) is still the development default"), problems);
    }

    /** Every service's {@code quarkus.datasource.password=${DB_PASSWORD:postgres}}, listed as required. */
    @Test
    void theDatabasePasswordsPostgresDefaultIsRefusedUnsetOrSetOnPurpose() {
        Map<String, String> shipped = Map.of("quarkus.datasource.password", "${DB_PASSWORD:postgres}");
        List<String> required = List.of("quarkus.datasource.password");
        java.util.function.Function<Map<String, String>, Config> config = env -> new SmallRyeConfigBuilder()
                .addDefaultInterceptors()
                .withSources(new PropertiesConfigSource(shipped, "PropertiesConfigSource[source=application.properties]", 250))
                .withSources(new EnvConfigSource(env, 300)).build();
        assertEquals(List.of("DB_PASSWORD (quarkus.datasource.password) is still the development default"),
                ProductionSecrets.problems(required, config.apply(Map.of())));
        assertEquals(List.of("DB_PASSWORD (quarkus.datasource.password) is still the development default"),
                ProductionSecrets.problems(required, config.apply(Map.of("DB_PASSWORD", "postgres"))));
        // Kubernetes sets the property's own variable
        assertEquals(List.of("QUARKUS_DATASOURCE_PASSWORD (quarkus.datasource.password) is still the development default"),
                ProductionSecrets.problems(required, config.apply(Map.of("QUARKUS_DATASOURCE_PASSWORD", "postgres"))));
        assertEquals(List.of(), ProductionSecrets.problems(required, config.apply(Map.of("QUARKUS_DATASOURCE_PASSWORD",
                "Xk2vP9qL4mN7rT1wZ8yB3cD6"))));
    }

    @Test
    void theVariableIsFoundThroughPropertyReferences() {
        Config config = config(Map.of());
        assertEquals("MARKETPLACE_GATEWAY_ENCRYPTION_KEY", ProductionSecrets.variableOf("marketplace.secrets.encryption-key", config));
        assertEquals("MARKETPLACE_GATEWAY_BOOTSTRAP_CONSUMER_SECRET",
                ProductionSecrets.variableOf("marketplace.gateway.bootstrap.consumer-secret", config));
        assertEquals("MARKETPLACE_INTERNAL_TOKEN_PRIVATE_KEY",
                ProductionSecrets.variableOf("marketplace.internal-token.private-key", config));
    }
}
