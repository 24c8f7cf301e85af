package dev.marketplace.testkit;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
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
    /** The key every peer's service tokens are signed with here (each under its own issuer), never the gateway's. */
    private static final KeyPair PEER_KEYS = generate();
    /** The services that sign service tokens: a service under test trusts those its configuration lists as peers. */
    public static final List<String> PEERS = List.of("account", "billing", "catalog", "lead", "notification", "reseller");

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

    /**
     * A service token of peer {@code peer} ({@code billing}, ...) for {@code partner} (null: none) with {@code roles}, as
     * that service's {@code ServiceTokens} mints it: issuer {@code marketplace-<peer>}, subject {@code <peer>-service},
     * ctype service.
     */
    public static String peerBearer(String peer, String partner, String... roles) {
        return peerBearer(peer, new InternalToken.Claims(peer + "-service", "service", partner, Set.of(roles), null, null));
    }

    /** Same, with any claims (a peer may sign what it likes; the receiver decides what it accepts). */
    public static String peerBearer(String peer, InternalToken.Claims claims) {
        String issuer = "marketplace-" + peer;
        return "Bearer " + InternalToken.mint(issuer, issuer, claims, PEER_KEYS.getPrivate(), Duration.ofMinutes(5));
    }

    /**
     * The gateway's key, this service's own signing key, and each peer's public key as the variable the services'
     * configuration reads it from ({@code BILLING_TOKEN_PUBLIC_KEY}, ...): a service trusts only the peers it lists.
     */
    @Override
    public Map<String, String> start() {
        Map<String, String> config = new HashMap<>();
        config.put("quarkus.oidc.public-key", publicKeyBase64());
        config.put("marketplace.internal-token.private-key", privateKeyPem());
        String peerKey = Base64.getEncoder().encodeToString(PEER_KEYS.getPublic().getEncoded());
        PEERS.forEach(peer -> config.put(peer.toUpperCase() + "_TOKEN_PUBLIC_KEY", peerKey));
        return config;
    }

    @Override
    public void stop() {
        // nothing to release
    }
}
