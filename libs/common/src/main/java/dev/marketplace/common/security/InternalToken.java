package dev.marketplace.common.security;

import java.security.PrivateKey;
import java.time.Duration;
import java.util.Set;
import java.util.UUID;

import io.smallrye.jwt.build.Jwt;
import io.smallrye.jwt.build.JwtClaimsBuilder;

/**
 * The identity the gateway forwards inside the mesh (docs/architecture.md, "Identity"): a short-lived RS256 JWT that services verify with
 * quarkus-oidc. The gateway mints it; tests mint it to call a service directly.
 */
public final class InternalToken {
    public static final String ISSUER = "marketplace-gateway";
    public static final String AUDIENCE = "marketplace-services";
    public static final String PARTNER = "partner";
    public static final String USER = "user";
    public static final String PRODUCT = "product";
    public static final String CONSUMER_TYPE = "ctype";
    /** quarkus-oidc reads roles from this claim ({@code quarkus.oidc.roles.role-claim-path=groups}). */
    public static final String ROLES = "groups";

    private InternalToken() {
    }

    /**
     * What the token says about the caller. {@code partner} (null for the gateway's own calls), {@code user} and
     * {@code product} may be null.
     */
    public record Claims(String subject, String consumerType, String partner, Set<String> roles, UUID user, Long product) {
    }

    public static String mint(Claims claims, PrivateKey key, Duration lifetime) {
        return mint(ISSUER, "gateway", claims, key, lifetime);
    }

    /**
     * The same token under another issuer and key id: a service's own service tokens ({@link ServiceTokens}) carry its
     * issuer, {@code marketplace-<service>}, and are signed with its own key, which receivers pin per issuer.
     */
    public static String mint(String issuer, String keyId, Claims claims, PrivateKey key, Duration lifetime) {
        JwtClaimsBuilder builder = Jwt.issuer(issuer).audience(AUDIENCE).subject(claims.subject())
                .claim(CONSUMER_TYPE, claims.consumerType()).groups(claims.roles()).expiresIn(lifetime);
        if (claims.partner() != null) {
            // the gateway's own calls to services (vendor credentials) act for no partner
            builder.claim(PARTNER, claims.partner());
        }
        if (claims.user() != null) {
            builder.claim(USER, claims.user().toString());
        }
        if (claims.product() != null) {
            builder.claim(PRODUCT, claims.product());
        }
        return builder.jws().keyId(keyId).sign(key);
    }
}
