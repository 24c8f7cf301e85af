package dev.marketplace.gateway.auth.service;

import java.net.URI;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.gateway.oauth2.service.AccessTokenService;
import io.vertx.core.Future;

/**
 * Authenticates an API call by OAuth 2.0 bearer token or OAuth 1.0 signature; empty, or a false first use, means 403.
 */
@ApplicationScoped
public class Authenticator {
    private final OAuth1Authenticator oauth1;
    private final AccessTokenService accessTokens;

    public Authenticator(OAuth1Authenticator oauth1, AccessTokenService accessTokens) {
        this.oauth1 = oauth1;
        this.accessTokens = accessTokens;
    }

    public Future<Optional<Verified>> authenticate(String method, URI uri, String authorization, String formBody) {
        if (authorization != null && authorization.length() > 7 && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return accessTokens.verify(authorization.substring(7).trim()).map(caller -> caller.map(Verified::withoutNonce));
        }
        return oauth1.authenticate(method, uri, authorization, formBody);
    }
}
