package dev.marketplace.gateway.oauth2.service;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import jakarta.enterprise.context.ApplicationScoped;

import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.oauth.OAuth1;
import dev.marketplace.common.security.InternalToken;
import dev.marketplace.common.security.Roles;
import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.consumer.domain.Consumer;
import dev.marketplace.gateway.consumer.domain.ConsumerType;
import dev.marketplace.gateway.consumer.service.ConsumerRegistry;
import dev.marketplace.gateway.identity.domain.CallerIdentity;
import dev.marketplace.gateway.identity.service.SigningKeys;
import io.smallrye.jwt.build.Jwt;
import io.smallrye.mutiny.Uni;

/**
 * OAuth 2.0 client credentials: access tokens are RS256 JWTs signed with the gateway key, audience
 * {@value #AUDIENCE} (so neither an internal token is accepted at the edge nor an access token by a service).
 * <p>
 * Scopes: a channel client may ask for any of its authorities, plus {@code ROLE_PARTNER_READ} when it holds
 * {@code ROLE_PARTNER}; a vendor client for {@code ROLE_APPLICATION_<productId>} of its own product. A token whose only
 * scope is ROLE_PARTNER_READ may only GET and HEAD.
 */
@ApplicationScoped
public class AccessTokenService {
    public static final String AUDIENCE = "marketplace-api";
    public static final String SCOPE = "scope";
    public static final String PRODUCT_SCOPE_PREFIX = "ROLE_APPLICATION_";
    public static final String CLIENT_CREDENTIALS = "client_credentials";

    private final ConsumerRegistry consumers;
    private final SigningKeys keys;
    private final long lifetimeSeconds;
    private final JwtConsumer verifier;

    public AccessTokenService(ConsumerRegistry consumers, SigningKeys keys, GatewayConfig config) {
        this.consumers = consumers;
        this.keys = keys;
        this.lifetimeSeconds = config.oauth2().tokenLifetime().toSeconds();
        this.verifier = new JwtConsumerBuilder()
                .setRequireExpirationTime().setRequireSubject().setAllowedClockSkewInSeconds(0)
                .setExpectedIssuer(InternalToken.ISSUER).setExpectedAudience(AUDIENCE)
                .setVerificationKey(keys.publicKey())
                .setJwsAlgorithmConstraints(AlgorithmConstraints.ConstraintType.PERMIT, AlgorithmIdentifiers.RSA_USING_SHA256)
                .build();
    }

    public record TokenResponse(String access_token, String token_type, long expires_in, String scope) {
    }

    /** Client credentials grant; {@code authorization} is the HTTP Basic header carrying client id and secret. */
    public Uni<TokenResponse> issue(String authorization, String grantType, String scope) {
        if (grantType == null || grantType.isBlank()) {
            throw new ApiException(400, "invalid_request", "grant_type: is required (client_credentials)");
        }
        if (!CLIENT_CREDENTIALS.equals(grantType)) {
            throw new ApiException(400, "unsupported_grant_type", "grant_type: only client_credentials is supported");
        }
        String[] client = basic(authorization);
        if (client == null) {
            throw ApiException.forbidden();
        }
        return Uni.createFrom().completionStage(() -> consumers.find(client[0]).toCompletionStage()).map(found -> {
            Consumer consumer = found.filter(c -> OAuth1.signaturesMatch(c.secret(), client[1]))
                    .orElseThrow(ApiException::forbidden);
            Set<String> granted = grant(consumer, scope);
            return new TokenResponse(mint(consumer, granted), "bearer", lifetimeSeconds, String.join(" ", granted));
        });
    }

    /** The caller behind a bearer token; empty when the token is forged, expired or not an access token. */
    public Optional<CallerIdentity> verify(String token) {
        try {
            JwtClaims claims = verifier.processToClaims(token);
            Set<String> scopes = Arrays.stream(claims.getStringClaimValue(SCOPE).split(" "))
                    .filter(s -> !s.isEmpty()).collect(Collectors.toCollection(LinkedHashSet::new));
            String type = claims.getStringClaimValue(InternalToken.CONSUMER_TYPE);
            String partner = claims.getStringClaimValue(InternalToken.PARTNER);
            if (scopes.isEmpty() || partner == null || type == null) {
                return Optional.empty();
            }
            boolean vendor = ConsumerType.VENDOR.claim().equals(type);
            Long product = vendor ? claims.getClaimValue(InternalToken.PRODUCT, Long.class) : null;
            if (vendor && product == null) {
                return Optional.empty();
            }
            Set<String> roles = vendor ? Set.of(Roles.VENDOR) : Set.copyOf(scopes);
            boolean readOnly = !vendor && scopes.stream().allMatch(Roles.PARTNER_READ::equals);
            return Optional.of(new CallerIdentity(claims.getSubject(), type, partner, roles, (UUID) null, product, readOnly));
        } catch (InvalidJwtException | org.jose4j.jwt.MalformedClaimException | RuntimeException e) {
            return Optional.empty();
        }
    }

    Set<String> grant(Consumer consumer, String scope) {
        Set<String> allowed = allowedScopes(consumer);
        Set<String> requested = scope == null ? Set.of()
                : Arrays.stream(scope.trim().split("[ +]+")).filter(s -> !s.isEmpty())
                        .collect(Collectors.toCollection(LinkedHashSet::new));
        if (requested.isEmpty()) {
            Set<String> defaults = new LinkedHashSet<>(allowed);
            defaults.remove(Roles.PARTNER_READ);
            return defaults;
        }
        for (String s : requested) {
            if (!allowed.contains(s)) {
                throw new ApiException(400, "invalid_scope", "scope: " + s + " is not granted to this client; allowed: "
                        + String.join(" ", allowed));
            }
        }
        return requested;
    }

    static Set<String> allowedScopes(Consumer consumer) {
        Set<String> allowed = new LinkedHashSet<>();
        if (consumer.type() == ConsumerType.VENDOR) {
            allowed.add(PRODUCT_SCOPE_PREFIX + consumer.productId());
            return allowed;
        }
        allowed.addAll(consumer.authorities());
        if (consumer.authorities().contains(Roles.PARTNER)) {
            allowed.add(Roles.PARTNER_READ);
        }
        return allowed;
    }

    private String mint(Consumer consumer, Set<String> scopes) {
        var builder = Jwt.issuer(InternalToken.ISSUER).audience(AUDIENCE).subject(consumer.key())
                .claim(InternalToken.PARTNER, consumer.partner()).claim(InternalToken.CONSUMER_TYPE, consumer.type().claim())
                .claim(SCOPE, String.join(" ", scopes)).claim("jti", UUID.randomUUID().toString())
                .expiresIn(lifetimeSeconds);
        if (consumer.productId() != null) {
            builder.claim(InternalToken.PRODUCT, consumer.productId());
        }
        return builder.jws().keyId("gateway").sign(keys.privateKey());
    }

    /** {client id, secret} from {@code Basic base64(id:secret)} (each part form-encoded per RFC 6749 §2.3.1), or null. */
    static String[] basic(String authorization) {
        if (authorization == null || authorization.length() < 6 || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            return null;
        }
        try {
            String decoded = new String(Base64.getDecoder().decode(authorization.substring(6).trim()), StandardCharsets.UTF_8);
            int colon = decoded.indexOf(':');
            if (colon <= 0) {
                return null;
            }
            return new String[] { OAuth1.decode(decoded.substring(0, colon)), OAuth1.decode(decoded.substring(colon + 1)) };
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
