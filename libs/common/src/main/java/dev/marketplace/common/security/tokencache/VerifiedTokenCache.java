package dev.marketplace.common.security.tokencache;

import java.security.Permission;
import java.security.Principal;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.jwt.JsonWebToken;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.oidc.AccessTokenCredential;
import io.quarkus.security.credential.Credential;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.vertx.ext.web.RoutingContext;

/**
 * Identities of internal tokens that quarkus-oidc has already verified, keyed by the whole compact token (signature
 * included), until the token expires.
 * <p>
 * Why: the gateway forwards the same token for a caller for half its lifetime, and verifying it again costs every
 * request three JSON parses in jose4j (each with a 32 KB lexer buffer), a JSON encode, an RSA verification and the
 * identity built from them: most of what a service allocates per request, and its young GC pauses are where the
 * latency outliers behind the gateway begin (bench/gateway/README.md). A hit needs the very same characters as a
 * token that passed verification, so it proves what verification proved; the expiry is checked on every hit, and a
 * token that is not cached goes to quarkus-oidc as before.
 */
@ApplicationScoped
public class VerifiedTokenCache {
    /** Attribute of an identity served from the cache, so that it is not stored again. */
    static final String FROM_CACHE = VerifiedTokenCache.class.getName();

    /**
     * What quarkus-oidc built for a token, taken apart once when it is stored, without the attributes that belong to
     * the request that built it; a hit only puts the parts together again.
     */
    private record Entry(Principal principal, Set<String> roles, Set<Credential> credentials, Map<String, Object> attributes,
            Set<Permission> permissions, long expiresAtMillis) {

        static Entry of(SecurityIdentity identity, long expiresAtMillis) {
            Map<String, Object> attributes = new HashMap<>(identity.getAttributes());
            attributes.remove(RoutingContext.class.getName());
            attributes.remove(AuthenticationRequestContext.class.getName());
            Set<Permission> permissions = identity instanceof QuarkusSecurityIdentity quarkusIdentity
                    ? Set.copyOf(quarkusIdentity.getPermissions())
                    : Set.of();
            return new Entry(identity.getPrincipal(), Set.copyOf(identity.getRoles()), Set.copyOf(identity.getCredentials()),
                    Collections.unmodifiableMap(attributes), permissions, expiresAtMillis);
        }

        QuarkusSecurityIdentity.Builder identity() {
            return QuarkusSecurityIdentity.builder().setPrincipal(principal).addRoles(roles).addCredentials(credentials)
                    .addAttributes(attributes).addPermissions(permissions);
        }
    }

    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    private final boolean enabled;
    private final int maxEntries;
    private final LongSupplier clock;
    private final Counter hits;
    private final Counter misses;

    @Inject
    public VerifiedTokenCache(TokenCacheConfig config, MeterRegistry registry) {
        this(config.enabled(), config.maxEntries(), System::currentTimeMillis, registry);
    }

    VerifiedTokenCache(boolean enabled, int maxEntries, LongSupplier clock, MeterRegistry registry) {
        this.enabled = enabled;
        this.maxEntries = maxEntries;
        this.clock = clock;
        this.hits = Counter.builder("security.token.cache").tag("result", "hit")
                .description("Internal tokens whose identity came from the cache of verified tokens").register(registry);
        this.misses = Counter.builder("security.token.cache").tag("result", "miss")
                .description("Internal tokens verified by quarkus-oidc because the cache did not hold them")
                .register(registry);
        Gauge.builder("security.token.cache.size", entries, Map::size)
                .description("Verified internal tokens held by the cache").register(registry);
    }

    /**
     * The identity of {@code token} for this request if the token was verified before and has not expired, else null.
     * The copy carries this request's routing context, as an identity built by quarkus-oidc would.
     */
    public SecurityIdentity find(String token, RoutingContext routingContext, AuthenticationRequestContext context) {
        if (!enabled) {
            return null;
        }
        Entry entry = entries.get(token);
        if (entry == null) {
            misses.increment();
            return null;
        }
        if (clock.getAsLong() >= entry.expiresAtMillis()) {
            entries.remove(token, entry);
            misses.increment();
            return null;
        }
        hits.increment();
        QuarkusSecurityIdentity.Builder copy = entry.identity().addAttribute(FROM_CACHE, Boolean.TRUE);
        if (routingContext != null) {
            // what quarkus-oidc's identity provider records for each request
            routingContext.put(AuthenticationRequestContext.class.getName(), context);
            copy.addAttribute(RoutingContext.class.getName(), routingContext)
                    .addAttribute(AuthenticationRequestContext.class.getName(), context);
        }
        return copy.build();
    }

    /** Keeps an identity quarkus-oidc has just built from a verified access token, until the token expires. */
    public void remember(SecurityIdentity identity) {
        if (!enabled || identity.getAttribute(FROM_CACHE) != null
                || !(identity.getPrincipal() instanceof JsonWebToken principal)) {
            return;
        }
        AccessTokenCredential credential = identity.getCredential(AccessTokenCredential.class);
        long expiresAtMillis = principal.getExpirationTime() * 1000;
        long now = clock.getAsLong();
        if (credential == null || credential.getToken() == null || expiresAtMillis <= now) {
            return;
        }
        if (entries.size() >= maxEntries) {
            evict(now);
        }
        entries.put(credential.getToken(), Entry.of(identity, expiresAtMillis));
    }

    /** Drops what has expired; when that is not enough, everything (the next request of each caller refills it). */
    private void evict(long now) {
        for (Iterator<Entry> it = entries.values().iterator(); it.hasNext();) {
            if (now >= it.next().expiresAtMillis()) {
                it.remove();
            }
        }
        if (entries.size() >= maxEntries) {
            entries.clear();
        }
    }

    int size() {
        return entries.size();
    }
}
