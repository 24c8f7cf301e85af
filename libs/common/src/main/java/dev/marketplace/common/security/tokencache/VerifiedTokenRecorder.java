package dev.marketplace.common.security.tokencache;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.SecurityIdentityAugmentor;
import io.smallrye.mutiny.Uni;

/**
 * Puts each identity quarkus-oidc has just verified into the {@link VerifiedTokenCache}. It runs before every other
 * augmentor, so the cache holds what quarkus-oidc built and the others still run on every request, hit or miss.
 */
@ApplicationScoped
public class VerifiedTokenRecorder implements SecurityIdentityAugmentor {
    private final VerifiedTokenCache cache;

    public VerifiedTokenRecorder(VerifiedTokenCache cache) {
        this.cache = cache;
    }

    @Override
    public int priority() {
        return Integer.MAX_VALUE;
    }

    @Override
    public Uni<SecurityIdentity> augment(SecurityIdentity identity, AuthenticationRequestContext context) {
        cache.remember(identity);
        return Uni.createFrom().item(identity);
    }
}
