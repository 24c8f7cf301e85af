package dev.marketplace.common.security.tokencache;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.oidc.AccessTokenCredential;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.TokenAuthenticationRequest;
import io.quarkus.vertx.http.runtime.security.HttpSecurityUtils;
import io.smallrye.mutiny.Uni;

/**
 * Asked before quarkus-oidc's identity provider: answers a bearer token it has already seen verified from the
 * {@link VerifiedTokenCache}; answers nothing otherwise, and quarkus-oidc verifies the token.
 */
@ApplicationScoped
public class CachedTokenIdentityProvider implements IdentityProvider<TokenAuthenticationRequest> {
    private final VerifiedTokenCache cache;

    public CachedTokenIdentityProvider(VerifiedTokenCache cache) {
        this.cache = cache;
    }

    @Override
    public Class<TokenAuthenticationRequest> getRequestType() {
        return TokenAuthenticationRequest.class;
    }

    @Override
    public int priority() {
        // quarkus-oidc's provider has the default priority, SYSTEM_FIRST + 1
        return SYSTEM_FIRST + 100;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(TokenAuthenticationRequest request, AuthenticationRequestContext context) {
        if (!(request.getToken() instanceof AccessTokenCredential credential)) {
            return Uni.createFrom().nullItem();
        }
        return Uni.createFrom().item(cache.find(credential.getToken(),
                HttpSecurityUtils.getRoutingContextAttribute(request), context));
    }
}
