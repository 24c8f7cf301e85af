package dev.marketplace.gateway.support;

import java.util.HashMap;
import java.util.Map;

import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * Points every route of the gateway under test at the echo upstream, adds a slow route and a route to a dead port,
 * makes the fake catalog the source of vendor credentials and gives the gateway the test JVM's internal-token key.
 */
public class GatewayTestResource implements QuarkusTestResourceLifecycleManager {
    /** The gateway's edge key (OAuth 2.0 access tokens), distinct from the internal-token key of InternalTokens. */
    public static final java.security.KeyPair EDGE_KEYS = edgeKeys();
    /** The platform operator's credential (the marketplaces API). */
    public static final String OPERATOR_KEY = "platform-operator";
    public static final String OPERATOR_SECRET = "platform-operator-secret-0123456789";

    private static java.security.KeyPair edgeKeys() {
        try {
            java.security.KeyPairGenerator generator = java.security.KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public Map<String, String> start() {
        String echo = "http://localhost:" + Upstreams.port();
        Map<String, String> config = new HashMap<>();
        for (String route : new String[] { "account", "reseller", "catalog", "billing", "notification", "lead" }) {
            config.put("marketplace.gateway.routes." + route + ".upstream", echo);
        }
        config.put("marketplace.gateway.routes.slow.prefix", "/api/slow/");
        config.put("marketplace.gateway.routes.slow.upstream", echo);
        config.put("marketplace.gateway.routes.down.prefix", "/api/down/");
        config.put("marketplace.gateway.routes.down.upstream", "http://localhost:" + Upstreams.deadPort());
        config.put("marketplace.gateway.upstream-timeout", "1s");
        config.put("marketplace.gateway.vendor-credentials.url", echo);
        config.put("marketplace.gateway.internal-token.private-key", InternalTokens.privateKeyPem());
        config.put("marketplace.gateway.access-token.private-key", "-----BEGIN PRIVATE KEY-----\n"
                + java.util.Base64.getMimeEncoder().encodeToString(EDGE_KEYS.getPrivate().getEncoded()) + "\n-----END PRIVATE KEY-----\n");
        config.put("marketplace.gateway.encryption-key", "test-encryption-key");
        config.put("marketplace.gateway.platform-operator.consumer-key", OPERATOR_KEY);
        config.put("marketplace.gateway.platform-operator.consumer-secret", OPERATOR_SECRET);
        // each test JVM its own keys, so that a rerun against a kept Redis never finds an earlier run's nonces or buckets
        config.put("marketplace.gateway.redis.key-prefix", "gateway-test-" + java.util.UUID.randomUUID() + ":");
        return config;
    }

    @Override
    public void stop() {
        // the servers live for the whole JVM
    }
}
