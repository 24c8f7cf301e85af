package dev.marketplace.testkit;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import dev.marketplace.common.security.InternalToken;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * Stands in for the gateway when a test calls a service directly: a per-JVM RSA key pair whose public half the
 * service under test trusts ({@code quarkus.oidc.public-key}), and bearer tokens signed with the private half.
 */
public class InternalTokens implements QuarkusTestResourceLifecycleManager {
    private static final KeyPair KEYS = generate();

    private static KeyPair generate() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public static KeyPair keys() {
        return KEYS;
    }

    public static String publicKeyBase64() {
        return Base64.getEncoder().encodeToString(KEYS.getPublic().getEncoded());
    }

    public static String privateKeyPem() {
        return "-----BEGIN PRIVATE KEY-----\n" + Base64.getMimeEncoder().encodeToString(KEYS.getPrivate().getEncoded())
                + "\n-----END PRIVATE KEY-----\n";
    }

    /** {@code Authorization} header value for a channel consumer of {@code partner} with {@code roles}. */
    public static String bearer(String partner, String... roles) {
        return bearer(new InternalToken.Claims("test-" + partner, "channel", partner, Set.of(roles), null, null));
    }

    /** Same, acting as {@code user}. */
    public static String bearerAsUser(String partner, UUID user, String... roles) {
        return bearer(new InternalToken.Claims("test-" + partner, "channel", partner, Set.of(roles), user, null));
    }

    public static String bearer(InternalToken.Claims claims) {
        return bearer(claims, Duration.ofMinutes(5));
    }

    /** Same, expiring after {@code lifetime}. */
    public static String bearer(InternalToken.Claims claims, Duration lifetime) {
        return "Bearer " + InternalToken.mint(claims, KEYS.getPrivate(), lifetime);
    }

    @Override
    public Map<String, String> start() {
        return Map.of("quarkus.oidc.public-key", publicKeyBase64(),
                "marketplace.internal-token.private-key", privateKeyPem());
    }

    @Override
    public void stop() {
        // nothing to release
    }
}
