package dev.marketplace.gateway.identity.service;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.security.InternalToken;
import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.identity.domain.CallerIdentity;

/**
 * Mints the short-lived RS256 token forwarded inside the mesh. An RSA signature costs about a millisecond, so a token is
 * reused for the same identity during the first half of its lifetime (it then still has at least half its life left
 * when a service checks it).
 */
@ApplicationScoped
public class InternalTokenIssuer {
    private static final int MAX_CACHED = 10_000;
    private final SigningKeys keys;
    private final Duration lifetime;
    private final ConcurrentHashMap<CallerIdentity, Cached> cache = new ConcurrentHashMap<>();

    private record Cached(String token, long reuseUntilMillis) {
    }

    public InternalTokenIssuer(SigningKeys keys, GatewayConfig config) {
        this.keys = keys;
        this.lifetime = config.internalToken().lifetime();
    }

    /** The bearer token for a caller (without the {@code Bearer } prefix). */
    public String tokenFor(CallerIdentity caller) {
        long now = System.currentTimeMillis();
        Cached cached = cache.get(caller);
        if (cached != null && cached.reuseUntilMillis() > now) {
            return cached.token();
        }
        String token = InternalToken.mint(new InternalToken.Claims(caller.subject(), caller.consumerType(), caller.partner(),
                caller.roles(), caller.user(), caller.product()), keys.privateKey(), lifetime);
        if (cache.size() >= MAX_CACHED) {
            cache.clear();
        }
        cache.put(caller, new Cached(token, now + lifetime.toMillis() / 2));
        return token;
    }

    /** A token for the gateway's own calls to services: no partner claim, consumer type {@code service}. */
    public String serviceToken(String subject, Set<String> roles, Duration tokenLifetime) {
        return InternalToken.mint(new InternalToken.Claims(subject, "service", null, roles, null, null), keys.privateKey(),
                tokenLifetime);
    }
}
