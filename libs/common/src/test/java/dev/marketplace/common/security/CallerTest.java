package dev.marketplace.common.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.Optional;
import java.util.UUID;

import org.eclipse.microprofile.jwt.JsonWebToken;
import org.jose4j.jwt.JwtClaims;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.error.ApiException;
import io.quarkus.oidc.runtime.OidcJwtCallerPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;

class CallerTest {
    /** Stands in for the injected token: every call fails, so a claim must come from the verified principal. */
    private static final JsonWebToken UNUSABLE_TOKEN = (JsonWebToken) Proxy.newProxyInstance(
            CallerTest.class.getClassLoader(), new Class<?>[] { JsonWebToken.class }, (proxy, method, args) -> {
                throw new AssertionError("JsonWebToken." + method.getName() + " called");
            });

    private static Caller callerWith(JwtClaims claims) {
        QuarkusSecurityIdentity identity = QuarkusSecurityIdentity.builder()
                .setPrincipal(new OidcJwtCallerPrincipal(claims, null)).addRole(Roles.SYS_ADMIN).build();
        return new Caller(identity, UNUSABLE_TOKEN);
    }

    @Test
    void readsTheCustomClaimsOfTheVerifiedPrincipal() {
        JwtClaims claims = new JwtClaims();
        UUID user = UUID.randomUUID();
        claims.setClaim(InternalToken.PARTNER, "ACME");
        claims.setClaim(InternalToken.CONSUMER_TYPE, "service");
        claims.setClaim(InternalToken.USER, user.toString());
        claims.setClaim(InternalToken.PRODUCT, 42L);
        Caller caller = callerWith(claims);

        assertEquals("ACME", caller.partner());
        assertEquals(Optional.of("ACME"), caller.partnerIfAny());
        assertTrue(caller.isService());
        assertEquals(Optional.of(user), caller.user());
        assertEquals(Optional.of(42L), caller.product());
        caller.requirePartner("ACME");
        assertThrows(ApiException.class, () -> caller.requirePartner("OTHER"));
    }

    @Test
    void aTokenWithoutPartnerIsRefusedWhereAPartnerIsNeeded() {
        JwtClaims claims = new JwtClaims();
        claims.setClaim(InternalToken.CONSUMER_TYPE, "channel");
        claims.setClaim(InternalToken.PARTNER, " ");
        Caller caller = callerWith(claims);

        assertEquals(Optional.empty(), caller.partnerIfAny());
        assertThrows(ApiException.class, caller::partner);
        assertFalse(caller.isService());
        assertEquals(Optional.empty(), caller.user());
        assertEquals(Optional.empty(), caller.product());
    }
}
