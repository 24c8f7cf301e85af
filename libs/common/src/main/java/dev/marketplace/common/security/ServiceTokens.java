package dev.marketplace.common.security;

import java.security.PrivateKey;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import io.smallrye.jwt.util.KeyUtils;

/**
 * Internal tokens for a service's own calls to another service (no client request to forward), signed with the
 * service's own key ({@code marketplace.internal-token.private-key}, PEM; never the gateway's) under its own issuer
 * ({@code marketplace.internal-token.issuer}, by default {@code marketplace-<service>}: {@code marketplace-billing} for
 * billing-service). Receivers accept such a token only from the issuers they list, each with its public key
 * ({@code marketplace.internal-token.peers.<name>.public-key}, see {@code security.mesh.PeerTokenIdentityProvider}).
 */
@ApplicationScoped
public class ServiceTokens {
    private static final Duration LIFETIME = Duration.ofSeconds(60);

    private static final long REUSE_NANOS = LIFETIME.dividedBy(2).toNanos();
    private static final int MAX_CACHED = 10_000;

    private final ConcurrentHashMap<String, Minted> cache = new ConcurrentHashMap<>();
    private final Optional<String> privateKeyPem;
    private final String service;
    private volatile PrivateKey key;

    private final String issuer;

    public ServiceTokens(@ConfigProperty(name = "marketplace.internal-token.private-key") Optional<String> privateKeyPem,
            @ConfigProperty(name = "quarkus.application.name") String service) {
        this(privateKeyPem, service, Optional.empty());
    }

    @jakarta.inject.Inject
    public ServiceTokens(@ConfigProperty(name = "marketplace.internal-token.private-key") Optional<String> privateKeyPem,
            @ConfigProperty(name = "quarkus.application.name") String service,
            @ConfigProperty(name = "marketplace.internal-token.issuer") Optional<String> issuer) {
        this.privateKeyPem = privateKeyPem;
        this.service = service;
        this.issuer = issuer.filter(i -> !i.isBlank()).orElse(defaultIssuer(service));
    }

    /** {@code marketplace-<service name without "-service">}: billing-service signs as marketplace-billing. */
    public static String defaultIssuer(String applicationName) {
        String name = applicationName.endsWith("-service")
                ? applicationName.substring(0, applicationName.length() - "-service".length())
                : applicationName;
        return name.startsWith("marketplace-") ? name : "marketplace-" + name;
    }

    /** The issuer of this service's tokens. */
    public String issuer() {
        return issuer;
    }

    /**
     * {@code Authorization} header value acting as this service for {@code partner}. A token is reused for half its
     * lifetime: an RSA signature per call would cost more than the call it authenticates.
     */
    public String bearer(String partner, String... roles) {
        String cacheKey = partner + '|' + String.join(",", roles);
        long now = System.nanoTime();
        Minted minted = cache.get(cacheKey);
        if (minted == null || now - minted.at() > REUSE_NANOS) {
            minted = new Minted("Bearer " + InternalToken.mint(issuer, issuer, new InternalToken.Claims(service, "service",
                    partner, Set.of(roles), null, null), key(), LIFETIME), now);
            if (cache.size() > MAX_CACHED) {
                cache.clear();
            }
            cache.put(cacheKey, minted);
        }
        return minted.header();
    }

    private record Minted(String header, long at) {
    }

    private PrivateKey key() {
        if (key == null) {
            String pem = privateKeyPem.orElseThrow(() -> new IllegalStateException(
                    "marketplace.internal-token.private-key is not configured; service-to-service calls cannot be signed"));
            try {
                key = KeyUtils.decodePrivateKey(pem);
            } catch (Exception e) {
                throw new IllegalStateException("marketplace.internal-token.private-key is not a PEM private key", e);
            }
        }
        return key;
    }
}
