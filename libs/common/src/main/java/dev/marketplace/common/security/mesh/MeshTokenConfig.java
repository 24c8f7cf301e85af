package dev.marketplace.common.security.mesh;

import java.util.Map;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;

/**
 * Service tokens of the mesh ({@code marketplace.internal-token.*}): this service's own key and issuer, with which it
 * signs its calls to others ({@code ServiceTokens}), and the peers whose service tokens it accepts besides the gateway's
 * internal tokens (which quarkus-oidc verifies with {@code quarkus.oidc.public-key}).
 *
 * <pre>
 * # catalog-service accepts service tokens of billing and notification, each verified with that service's public key
 * marketplace.internal-token.peers.billing.public-key=${BILLING_TOKEN_PUBLIC_KEY:}
 * marketplace.internal-token.peers.notification.public-key=${NOTIFICATION_TOKEN_PUBLIC_KEY:}
 * </pre>
 */
@ConfigMapping(prefix = "marketplace.internal-token")
public interface MeshTokenConfig {
    /** This service's issuer; default {@code marketplace-<service name without "-service">}. */
    Optional<String> issuer();

    /** PKCS#8 PEM of this service's own private key (services that call others by themselves only). */
    Optional<String> privateKey();

    /** Services whose service tokens are accepted, by name; a peer without a public key is not trusted. */
    Map<String, Peer> peers();

    interface Peer {
        /** The issuer the peer signs as; default {@code marketplace-<name>}. */
        Optional<String> issuer();

        /** The peer's RSA public key: base64 X.509 (as {@code quarkus.oidc.public-key} takes it) or PEM. */
        Optional<String> publicKey();
    }
}
