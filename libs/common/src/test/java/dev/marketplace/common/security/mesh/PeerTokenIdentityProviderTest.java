package dev.marketplace.common.security.mesh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.InternalToken;
import dev.marketplace.common.security.ServiceTokens;
import io.quarkus.oidc.AccessTokenCredential;
import io.quarkus.oidc.runtime.OidcJwtCallerPrincipal;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.TokenAuthenticationRequest;

/** Service tokens are accepted from the configured peers only, each with its own key, and only as service tokens. */
class PeerTokenIdentityProviderTest {
    private static final KeyPair BILLING = generate();
    private static final KeyPair OTHER = generate();
    private final PeerTokenIdentityProvider provider = new PeerTokenIdentityProvider(
            Map.of("marketplace-billing", Base64.getEncoder().encodeToString(BILLING.getPublic().getEncoded())));

    private static KeyPair generate() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static String pem(KeyPair keys) {
        return "-----BEGIN PRIVATE KEY-----\n" + Base64.getMimeEncoder().encodeToString(keys.getPrivate().getEncoded())
                + "\n-----END PRIVATE KEY-----\n";
    }

    private SecurityIdentity authenticate(String bearer) {
        String token = bearer.startsWith("Bearer ") ? bearer.substring(7) : bearer;
        return provider.authenticate(new TokenAuthenticationRequest(new AccessTokenCredential(token)), null).await()
                .atMost(Duration.ofSeconds(5));
    }

    private static String token(String issuer, KeyPair keys, String consumerType) {
        return InternalToken.mint(issuer, issuer, new InternalToken.Claims("billing-service", consumerType, "ACME",
                Set.of("ROLE_SYS_ADMIN"), null, null), keys.getPrivate(), Duration.ofSeconds(60));
    }

    @Test
    void aPeersServiceTokenMintedByServiceTokensIsAcceptedWithItsClaimsAndRoles() {
        ServiceTokens billing = new ServiceTokens(Optional.of(pem(BILLING)), "billing-service", Optional.empty());
        assertEquals("marketplace-billing", billing.issuer());
        SecurityIdentity identity = authenticate(billing.bearer("ACME", "ROLE_SYS_ADMIN"));
        assertEquals(Set.of("ROLE_SYS_ADMIN"), identity.getRoles());
        OidcJwtCallerPrincipal principal = assertInstanceOf(OidcJwtCallerPrincipal.class, identity.getPrincipal());
        assertEquals("ACME", principal.getClaim(InternalToken.PARTNER));
        assertEquals("service", principal.getClaim(InternalToken.CONSUMER_TYPE));
        assertEquals("billing-service", principal.getSubject());
    }

    @Test
    void anotherKeyUnderThePeersIssuerOrAConsumerIdentityIsRefused() {
        assertThrows(AuthenticationFailedException.class, () -> authenticate(token("marketplace-billing", OTHER, "service")));
        // a peer mints service tokens, never a channel consumer's or a vendor's identity
        assertThrows(AuthenticationFailedException.class, () -> authenticate(token("marketplace-billing", BILLING, "channel")));
        assertThrows(AuthenticationFailedException.class, () -> authenticate(token("marketplace-billing", BILLING, "vendor")));
    }

    @Test
    void tokensOfOtherIssuersAreLeftToQuarkusOidc() {
        // the gateway's internal tokens (and anything unreadable) go on to quarkus-oidc, which checks the gateway's key
        assertNull(authenticate(token(InternalToken.ISSUER, BILLING, "channel")));
        assertNull(authenticate(token("marketplace-notification", BILLING, "service")));
        assertNull(authenticate("not.a-jwt"));
        assertTrue(new PeerTokenIdentityProvider(Map.of()).authenticate(
                new TokenAuthenticationRequest(new AccessTokenCredential(token("marketplace-billing", BILLING, "service"))),
                null).await().indefinitely() == null, "no peers configured: nothing is answered here");
    }

    @Test
    void theServicesIssuerIsItsNameByDefault() {
        assertEquals("marketplace-account", ServiceTokens.defaultIssuer("account-service"));
        assertEquals("marketplace-notification", ServiceTokens.defaultIssuer("notification-service"));
        assertEquals("marketplace-gateway", ServiceTokens.defaultIssuer("marketplace-gateway"));
    }
}
