package dev.marketplace.gateway.oauth2.service;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import jakarta.enterprise.context.ApplicationScoped;

import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.MalformedClaimException;
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
import dev.marketplace.gateway.identity.service.AccessTokenKeys;
import dev.marketplace.gateway.marketplace.service.DisabledMarketplaces;
import dev.marketplace.gateway.ratelimit.service.AbuseGuard;
import io.smallrye.jwt.build.Jwt;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Future;

/**
 * OAuth 2.0 client credentials: access tokens are RS256 JWTs signed with the gateway's edge key
 * ({@link AccessTokenKeys}, issuer {@value #ISSUER}, audience {@value #AUDIENCE}), which no service trusts, so that
 * neither an internal token is accepted at the edge nor an access token by a service.
 * <p>
 * A token names the version of the credentials it was issued for (claim {@value #CREDENTIAL_VERSION}, a keyed hash of
 * the consumer's secret): once the consumer's secret is rotated, by the channel credentials API or by catalog-service
 * for a vendor, every token issued before is refused on its next use, so a leaked secret or token stops working at the
 * rotation instead of living on for the token's lifetime.
 * <p>
 * Scopes: a channel client may ask for any of its authorities, plus {@code ROLE_PARTNER_READ} when it holds
 * {@code ROLE_PARTNER}; a vendor client for {@code ROLE_APPLICATION_<productId>} of its own product. A token whose only
 * scope is ROLE_PARTNER_READ may only GET and HEAD.
 */
@ApplicationScoped
public class AccessTokenService {
    public static final String ISSUER = "marketplace-gateway-edge";
    public static final String AUDIENCE = "marketplace-api";
    public static final String SCOPE = "scope";
    /** Claim: base64url of the first 128 bits of HMAC-SHA256(edge secret, length of the key, consumer key, secret). */
    public static final String CREDENTIAL_VERSION = "cv";
    public static final String PRODUCT_SCOPE_PREFIX = "ROLE_APPLICATION_";
    public static final String CLIENT_CREDENTIALS = "client_credentials";
    private static final int VERSION_BYTES = 16;
    private static final Future<Optional<CallerIdentity>> NONE = Future.succeededFuture(Optional.empty());

    private final ConsumerRegistry consumers;
    private final AbuseGuard abuse;
    private final AccessTokenKeys keys;
    private final DisabledMarketplaces disabled;
    private final long lifetimeSeconds;
    private final JwtConsumer verifier;
    private final ThreadLocal<Mac> versionMacs;

    public AccessTokenService(ConsumerRegistry consumers, AccessTokenKeys keys, AbuseGuard abuse, DisabledMarketplaces disabled,
            GatewayConfig config) {
        this.consumers = consumers;
        this.disabled = disabled;
        this.abuse = abuse;
        this.keys = keys;
        this.lifetimeSeconds = config.oauth2().tokenLifetime().toSeconds();
        this.verifier = new JwtConsumerBuilder()
                .setRequireExpirationTime().setRequireSubject().setAllowedClockSkewInSeconds(0)
                .setExpectedIssuer(ISSUER).setExpectedAudience(AUDIENCE)
                .setVerificationKey(keys.publicKey())
                .setJwsAlgorithmConstraints(AlgorithmConstraints.ConstraintType.PERMIT, AlgorithmIdentifiers.RSA_USING_SHA256)
                .build();
        SecretKeySpec versionKey = new SecretKeySpec(keys.versionSecret(), "HmacSHA256");
        this.versionMacs = ThreadLocal.withInitial(() -> {
            try {
                Mac mac = Mac.getInstance("HmacSHA256");
                mac.init(versionKey);
                return mac;
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("HmacSHA256 is not available", e);
            }
        });
    }

    public record TokenResponse(String access_token, String token_type, long expires_in, String scope) {
    }

    /**
     * Client credentials grant; {@code authorization} is the HTTP Basic header carrying client id and secret. Each client
     * may ask so often ({@code abuse.token-requests}), counted once its secret verified; wrong credentials count as failed
     * authentications of {@code clientAddress}.
     */
    public Uni<TokenResponse> issue(String authorization, String grantType, String scope, String clientAddress) {
        if (grantType == null || grantType.isBlank()) {
            throw new ApiException(400, "invalid_request", "grant_type: is required (client_credentials)");
        }
        if (!CLIENT_CREDENTIALS.equals(grantType)) {
            throw new ApiException(400, "unsupported_grant_type", "grant_type: only client_credentials is supported");
        }
        String[] client = basic(authorization);
        if (client == null) {
            abuse.failed(clientAddress);
            throw ApiException.forbidden();
        }
        return Uni.createFrom().completionStage(() -> consumers.find(client[0]).toCompletionStage()).map(found -> {
            Consumer consumer = found.filter(c -> OAuth1.signaturesMatch(c.secret(), client[1])).orElse(null);
            if (consumer == null) {
                abuse.failed(clientAddress);
                throw ApiException.forbidden();
            }
            // only now: a client id is no secret, and counting it before would let anyone spend the client's requests
            abuse.tokenRequest(consumer.key());
            if (consumer.type() == ConsumerType.PLATFORM || disabled.isDisabled(consumer.partner())) {
                // the operator signs its every call; a disabled marketplace's consumers get nothing
                throw ApiException.forbidden();
            }
            Set<String> granted = grant(consumer, scope);
            return new TokenResponse(mint(consumer, granted), "bearer", lifetimeSeconds, String.join(" ", granted));
        });
    }

    /**
     * The caller behind a bearer token; empty when the token is forged, expired or not an access token, or was issued for
     * credentials that have since been rotated (or whose consumer is gone or no longer holds the token's scopes).
     */
    public Future<Optional<CallerIdentity>> verify(String token) {
        JwtClaims claims;
        try {
            claims = verifier.processToClaims(token);
        } catch (InvalidJwtException | RuntimeException e) {
            return NONE;
        }
        String subject;
        try {
            subject = claims.getSubject();
        } catch (MalformedClaimException e) {
            return NONE;
        }
        Consumer cached = consumers.cached(subject);
        if (cached != null) {
            return Future.succeededFuture(current(claims, cached));
        }
        // not in memory (a vendor, or a channel consumer this replica has not seen yet): the current credentials
        return consumers.find(subject)
                .map(found -> found.isPresent() ? current(claims, found.get()) : Optional.<CallerIdentity>empty());
    }

    /** The identity the token states, when it was issued for the consumer's current credentials and authorities. */
    private Optional<CallerIdentity> current(JwtClaims claims, Consumer consumer) {
        try {
            String version = claims.getStringClaimValue(CREDENTIAL_VERSION);
            if (version == null || !OAuth1.signaturesMatch(version(consumer), version)) {
                return Optional.empty();
            }
            Set<String> scopes = Arrays.stream(String.valueOf(claims.getStringClaimValue(SCOPE)).split(" "))
                    .filter(s -> !s.isEmpty() && !"null".equals(s)).collect(Collectors.toCollection(LinkedHashSet::new));
            String type = claims.getStringClaimValue(InternalToken.CONSUMER_TYPE);
            String partner = claims.getStringClaimValue(InternalToken.PARTNER);
            if (scopes.isEmpty() || consumer.type() == ConsumerType.PLATFORM || !consumer.type().claim().equals(type) || !consumer.partner().equals(partner)
                    || !allowedScopes(consumer).containsAll(scopes)) {
                return Optional.empty();
            }
            boolean vendor = consumer.type() == ConsumerType.VENDOR;
            Long product = vendor ? consumer.productId() : null;
            Set<String> roles = vendor ? Set.of(Roles.VENDOR) : Set.copyOf(scopes);
            boolean readOnly = !vendor && scopes.stream().allMatch(Roles.PARTNER_READ::equals);
            return Optional.of(new CallerIdentity(consumer.key(), type, partner, roles, (UUID) null, product, readOnly, true));
        } catch (MalformedClaimException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The version of a consumer's credentials: changes whenever its secret does, reveals nothing of it. */
    String version(Consumer consumer) {
        Mac mac = versionMacs.get();
        byte[] key = consumer.key().getBytes(StandardCharsets.UTF_8);
        mac.update(ByteBuffer.allocate(4).putInt(key.length).array());
        mac.update(key);
        mac.update(consumer.secret().getBytes(StandardCharsets.UTF_8));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(mac.doFinal(), VERSION_BYTES));
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
        var builder = Jwt.issuer(ISSUER).audience(AUDIENCE).subject(consumer.key())
                .claim(InternalToken.PARTNER, consumer.partner()).claim(InternalToken.CONSUMER_TYPE, consumer.type().claim())
                .claim(SCOPE, String.join(" ", scopes)).claim(CREDENTIAL_VERSION, version(consumer))
                .claim("jti", UUID.randomUUID().toString())
                .expiresIn(lifetimeSeconds);
        if (consumer.productId() != null) {
            builder.claim(InternalToken.PRODUCT, consumer.productId());
        }
        return builder.jws().keyId("gateway-edge").sign(keys.privateKey());
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
