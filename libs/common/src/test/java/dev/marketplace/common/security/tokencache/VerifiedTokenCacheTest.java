package dev.marketplace.common.security.tokencache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.junit.jupiter.api.Test;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.quarkus.oidc.AccessTokenCredential;
import io.quarkus.oidc.runtime.OidcJwtCallerPrincipal;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.vertx.ext.web.RoutingContext;

class VerifiedTokenCacheTest {
    private static final long START = 1_800_000_000_000L;
    private final AtomicLong now = new AtomicLong(START);
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    private VerifiedTokenCache cache(boolean enabled, int maxEntries) {
        return new VerifiedTokenCache(enabled, maxEntries, now::get, registry);
    }

    /** What quarkus-oidc builds for a verified token that expires {@code lifetimeSeconds} from now. */
    private SecurityIdentity verified(String token, long lifetimeSeconds) {
        JwtClaims claims = new JwtClaims();
        claims.setSubject("consumer-" + token);
        claims.setClaim("partner", "ACME");
        claims.setExpirationTime(NumericDate.fromMilliseconds(now.get() + lifetimeSeconds * 1000));
        AccessTokenCredential credential = new AccessTokenCredential(token);
        return QuarkusSecurityIdentity.builder().setPrincipal(new OidcJwtCallerPrincipal(claims, credential))
                .addCredential(credential).addRole("ROLE_PARTNER").addPermissionAsString("read")
                .addAttribute("tenant-id", "Default").addAttribute(RoutingContext.class.getName(), "the first request")
                .build();
    }

    private double count(String result) {
        return registry.get("security.token.cache").tag("result", result).counter().count();
    }

    @Test
    void aVerifiedTokenIsServedFromTheCacheUntilItExpires() {
        VerifiedTokenCache cache = cache(true, 100);
        SecurityIdentity original = verified("t1", 60);
        assertNull(cache.find("t1", null, null), "nothing verified yet");
        cache.remember(original);

        SecurityIdentity hit = cache.find("t1", null, null);
        assertNotNull(hit);
        assertSame(original.getPrincipal(), hit.getPrincipal());
        assertEquals(Set.of("ROLE_PARTNER"), hit.getRoles());
        assertEquals("t1", hit.getCredential(AccessTokenCredential.class).getToken());
        assertEquals("Default", hit.getAttribute("tenant-id"));
        assertTrue(hit.checkPermissionBlocking(new io.quarkus.security.StringPermission("read")));
        assertNull(hit.getAttribute(RoutingContext.class.getName()), "the first request's routing context is not kept");
        assertEquals(1, count("hit"));
        assertEquals(1, count("miss"));

        now.addAndGet(59_999);
        assertNotNull(cache.find("t1", null, null), "still valid 1 ms before exp");
        now.addAndGet(1);
        assertNull(cache.find("t1", null, null), "expired at exp: quarkus-oidc must see (and refuse) it");
        assertEquals(0, cache.size());
    }

    @Test
    void onlyTheExactTokenMatches() {
        VerifiedTokenCache cache = cache(true, 100);
        cache.remember(verified("header.payload.signature", 60));
        assertNull(cache.find("header.payload.signaturf", null, null));
        assertNull(cache.find("header.payload.signature ", null, null));
        assertNull(cache.find("header.payloae.signature", null, null));
        assertNotNull(cache.find("header.payload.signature", null, null));
    }

    @Test
    void storesOnlyFreshIdentitiesOfUnexpiredTokens() {
        VerifiedTokenCache cache = cache(true, 100);
        cache.remember(verified("expired", 0));
        cache.remember(QuarkusSecurityIdentity.builder().setPrincipal(() -> "basic-user").addRole("x").build());
        assertEquals(0, cache.size());

        cache.remember(verified("t1", 60));
        SecurityIdentity hit = cache.find("t1", null, null);
        cache.remember(hit);
        assertEquals(1, cache.size());
        assertEquals(Boolean.TRUE, hit.getAttribute(VerifiedTokenCache.FROM_CACHE));
    }

    @Test
    void whenDisabledNothingIsKept() {
        VerifiedTokenCache cache = cache(false, 100);
        cache.remember(verified("t1", 60));
        assertNull(cache.find("t1", null, null));
        assertEquals(0, cache.size());
    }

    @Test
    void staysWithinItsBoundDroppingExpiredTokensFirst() {
        VerifiedTokenCache cache = cache(true, 2);
        cache.remember(verified("short", 1));
        cache.remember(verified("long", 60));
        now.addAndGet(1_000);
        cache.remember(verified("new", 60));
        assertEquals(2, cache.size());
        assertNotNull(cache.find("long", null, null));
        assertNotNull(cache.find("new", null, null));

        cache.remember(verified("third", 60));
        assertTrue(cache.size() <= 2);
        assertNotNull(cache.find("third", null, null));
    }
}
