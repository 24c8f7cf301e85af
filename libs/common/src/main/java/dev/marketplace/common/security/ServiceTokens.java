package dev.marketplace.common.security;

import java.security.PrivateKey;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import io.smallrye.jwt.util.KeyUtils;

/**
 * Internal tokens for a service's own background calls to another service (no client request to forward), signed
 * with the mesh key ({@code marketplace.internal-token.private-key}, PEM) that the gateway also signs with.
 */
@ApplicationScoped
public class ServiceTokens {
    private static final Duration LIFETIME = Duration.ofSeconds(60);

    private final Optional<String> privateKeyPem;
    private final String service;
    private volatile PrivateKey key;

    public ServiceTokens(@ConfigProperty(name = "marketplace.internal-token.private-key") Optional<String> privateKeyPem,
            @ConfigProperty(name = "quarkus.application.name") String service) {
        this.privateKeyPem = privateKeyPem;
        this.service = service;
    }

    /** {@code Authorization} header value acting as this service for {@code partner}. */
    public String bearer(String partner, String... roles) {
        return "Bearer " + InternalToken.mint(new InternalToken.Claims(service, "service", partner, Set.of(roles), null, null),
                key(), LIFETIME);
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
