package dev.marketplace.common.security.mesh;

import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.jwt.Claims;
import org.jboss.logging.Logger;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.security.InternalToken;
import io.quarkus.oidc.AccessTokenCredential;
import io.quarkus.oidc.runtime.OidcJwtCallerPrincipal;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.TokenAuthenticationRequest;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.quarkus.vertx.http.runtime.security.HttpSecurityUtils;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;

/**
 * Verifies the service tokens of the peers this service trusts ({@link MeshTokenConfig#peers()}), each against its own
 * issuer and public key: a service that calls others by itself signs with a key of its own, so that no service holds
 * the gateway's key and a receiver names exactly whom it accepts. Asked after the cache of verified tokens and before
 * quarkus-oidc, it answers only tokens whose issuer is a configured peer; the gateway's internal tokens go on to
 * quarkus-oidc, unchanged. A peer may only mint service tokens ({@code ctype=service}): never a consumer's, a user's or
 * a vendor's identity. The identity it builds is the one quarkus-oidc would build (an {@link OidcJwtCallerPrincipal},
 * roles from {@code groups}), so that {@code Caller}, {@code @RolesAllowed} and the token cache work unchanged.
 */
@ApplicationScoped
public class PeerTokenIdentityProvider implements IdentityProvider<TokenAuthenticationRequest> {
    private static final Logger LOG = Logger.getLogger(PeerTokenIdentityProvider.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Verifiers by issuer: signature with the peer's key, RS256 only, issuer, audience, expiry. */
    private final Map<String, JwtConsumer> verifiers = new HashMap<>();

    @Inject
    public PeerTokenIdentityProvider(MeshTokenConfig config) {
        this(peers(config));
    }

    /** {@code issuer -> public key (base64 X.509 or PEM)}. */
    public PeerTokenIdentityProvider(Map<String, String> publicKeysByIssuer) {
        publicKeysByIssuer.forEach((issuer, key) -> verifiers.put(issuer, new JwtConsumerBuilder()
                .setRequireExpirationTime().setRequireSubject().setAllowedClockSkewInSeconds(5)
                .setExpectedIssuer(issuer).setExpectedAudience(InternalToken.AUDIENCE)
                .setVerificationKey(publicKey(issuer, key))
                .setJwsAlgorithmConstraints(AlgorithmConstraints.ConstraintType.PERMIT, AlgorithmIdentifiers.RSA_USING_SHA256)
                .build()));
        if (!verifiers.isEmpty()) {
            LOG.infof("Service tokens accepted from %s besides the gateway's", List.copyOf(verifiers.keySet()));
        }
    }

    private static Map<String, String> peers(MeshTokenConfig config) {
        Map<String, String> keys = new HashMap<>();
        trustedPeers(config).values().forEach(peer -> keys.put(peer.issuer(), peer.publicKey()));
        return keys;
    }

    /** A peer whose service tokens are accepted: its issuer and public key. */
    record TrustedPeer(String issuer, String publicKey) {
    }

    /** The configured peers that have a public key, by name; a peer's issuer is {@code marketplace-<name>} by default. */
    static Map<String, TrustedPeer> trustedPeers(MeshTokenConfig config) {
        Map<String, TrustedPeer> peers = new HashMap<>();
        config.peers().forEach((name, peer) -> peer.publicKey().filter(k -> !k.isBlank()).ifPresent(key -> peers.put(name,
                new TrustedPeer(peer.issuer().filter(i -> !i.isBlank()).orElse("marketplace-" + name), key))));
        return peers;
    }

    static PublicKey publicKey(String issuer, String text) {
        String body = text.replaceAll("-----(BEGIN|END) PUBLIC KEY-----", "").replaceAll("\\s", "");
        try {
            return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(body)));
        } catch (Exception e) {
            throw new IllegalStateException("The public key configured for service tokens of " + issuer
                    + " is not a base64 X.509 RSA public key");
        }
    }

    @Override
    public Class<TokenAuthenticationRequest> getRequestType() {
        return TokenAuthenticationRequest.class;
    }

    @Override
    public int priority() {
        // after the cache of verified tokens (SYSTEM_FIRST + 100), before quarkus-oidc (SYSTEM_FIRST + 1)
        return SYSTEM_FIRST + 50;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(TokenAuthenticationRequest request, AuthenticationRequestContext context) {
        if (verifiers.isEmpty() || !(request.getToken() instanceof AccessTokenCredential credential)) {
            return Uni.createFrom().nullItem();
        }
        String token = credential.getToken();
        JwtConsumer verifier = verifiers.get(issuerOf(token));
        if (verifier == null) {
            // not a peer's: the gateway's internal token, or nothing valid (quarkus-oidc decides)
            return Uni.createFrom().nullItem();
        }
        JwtClaims claims;
        try {
            claims = verifier.processToClaims(token);
            if (!"service".equals(claims.getClaimValue(InternalToken.CONSUMER_TYPE))) {
                throw new IllegalArgumentException("a peer may only mint service tokens");
            }
        } catch (Exception e) {
            LOG.debugf("Service token refused: %s", e.getMessage());
            return Uni.createFrom().failure(new AuthenticationFailedException());
        }
        claims.setClaim(Claims.raw_token.name(), token);
        QuarkusSecurityIdentity.Builder identity = QuarkusSecurityIdentity.builder()
                .setPrincipal(new OidcJwtCallerPrincipal(claims, credential)).addCredential(credential);
        try {
            List<String> roles = claims.getStringListClaimValue(InternalToken.ROLES);
            if (roles != null) {
                identity.addRoles(new java.util.HashSet<>(roles));
            }
        } catch (Exception e) {
            return Uni.createFrom().failure(new AuthenticationFailedException());
        }
        RoutingContext routingContext = HttpSecurityUtils.getRoutingContextAttribute(request);
        if (routingContext != null) {
            identity.addAttribute(RoutingContext.class.getName(), routingContext);
        }
        return Uni.createFrom().item(identity.build());
    }

    /** The unverified {@code iss} of a compact JWT, only to choose the verifier; null when it cannot be read. */
    static String issuerOf(String token) {
        int first = token.indexOf('.');
        int second = first < 0 ? -1 : token.indexOf('.', first + 1);
        if (second < 0) {
            return null;
        }
        try {
            JsonNode payload = JSON.readTree(new String(Base64.getUrlDecoder().decode(token.substring(first + 1, second)),
                    StandardCharsets.UTF_8));
            JsonNode issuer = payload.get(Claims.iss.name());
            return issuer == null || !issuer.isTextual() ? null : issuer.asText();
        } catch (Exception e) {
            return null;
        }
    }
}
