package dev.marketplace.gateway.auth.service;

import java.net.URI;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.oauth.OAuth1;
import dev.marketplace.common.oauth.SignedRequest;
import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.consumer.domain.Consumer;
import dev.marketplace.gateway.consumer.service.ConsumerRegistry;
import dev.marketplace.gateway.identity.domain.CallerIdentity;
import dev.marketplace.gateway.ratelimit.service.AbuseGuard;
import io.vertx.core.Future;

/**
 * Two-legged OAuth 1.0 (signed fetch): HMAC-SHA1 only, timestamp within the window, signature checked with the
 * consumer's current secret, nonce used once per consumer within the window (the last check is the Verified's
 * {@code firstUse}, which waits for Redis). Any failure is an empty result or a false first use, so that the caller
 * cannot tell which check failed; the reason is logged at DEBUG for operators
 * ({@code quarkus.log.category."dev.marketplace.gateway.auth".level=DEBUG}).
 */
@ApplicationScoped
public class OAuth1Authenticator {
    public static final String REQUESTOR_ID = "xoauth_requestor_id";
    private static final Logger LOG = Logger.getLogger(OAuth1Authenticator.class);

    private final ConsumerRegistry consumers;
    private final NonceReplayCache nonces;
    private final AbuseGuard abuse;
    private final long windowSeconds;
    private final int maxNonceLength;
    private final Clock clock;

    public OAuth1Authenticator(ConsumerRegistry consumers, NonceReplayCache nonces, AbuseGuard abuse, GatewayConfig config) {
        this.abuse = abuse;
        this.consumers = consumers;
        this.nonces = nonces;
        this.windowSeconds = config.oauth1().timestampWindow().toSeconds();
        this.maxNonceLength = config.oauth1().maxNonceLength();
        this.clock = Clock.systemUTC();
    }

    /**
     * @param uri the request as the client addressed it
     * @param formBody the form-encoded body, or null for any other body
     */
    public Future<Optional<Verified>> authenticate(String method, URI uri, String authorization, String formBody) {
        Optional<SignedRequest> parsed;
        try {
            parsed = SignedRequest.parse(method, uri, authorization, formBody);
        } catch (IllegalArgumentException e) {
            // malformed percent-encoding in the query, body or header
            return refused(null, "malformed percent-encoding");
        }
        if (parsed.isEmpty()) {
            return refused(null, "no OAuth 1.0 parameters");
        }
        SignedRequest request = parsed.get();
        long now = clock.instant().getEpochSecond();
        String nonce = request.nonce();
        if (!OAuth1.HMAC_SHA1.equals(request.signatureMethod()) || request.signature() == null
                || nonce == null || nonce.isEmpty() || nonce.length() > maxNonceLength
                || (request.token() != null && !request.token().isEmpty())) {
            return refused(request, "not HMAC-SHA1, no signature, no nonce or one too long, or a token");
        }
        if (request.timestamp() < 0 || Math.abs(now - request.timestamp()) > windowSeconds) {
            return refused(request, "timestamp outside the window");
        }
        Consumer cached = consumers.cached(request.consumerKey());
        if (cached != null) {
            return verified(request, cached);
        }
        // not in memory (first call, a vendor, or the cache cannot be trusted right now): look it up
        return consumers.find(request.consumerKey())
                .compose(found -> found.isPresent() ? verified(request, found.get()) : refused(request, "unknown consumer key"));
    }

    private Future<Optional<Verified>> verified(SignedRequest request, Consumer consumer) {
        if (!request.verify(consumer.secret(), "")) {
            return refused(request, "signature does not match");
        }
        UUID user;
        try {
            user = requestor(request);
            // every fresh nonce becomes a key in Redis: a consumer (or a stolen key) may only store so many per window
            abuse.nonce(consumer.key());
        } catch (ApiException refused) {
            return Future.failedFuture(refused);
        }
        Future<Boolean> firstUse = nonces.firstUse(consumer.key(), request.nonce(), request.timestamp()).map(fresh -> {
            if (!fresh) {
                refusal(request, "nonce already used");
            }
            return fresh;
        });
        return Future.succeededFuture(Optional.of(new Verified(identity(consumer, user), firstUse)));
    }

    private static Future<Optional<Verified>> refused(SignedRequest request, String why) {
        refusal(request, why);
        return NONE;
    }

    /** No caller; why is logged at DEBUG (nothing is built for the log unless it is on: refusals are an attacker's path). */
    private static void refusal(SignedRequest request, String why) {
        if (LOG.isDebugEnabled()) {
            LOG.debugf("Signed call refused (%s): consumer %s, nonce %s, timestamp %s, now %s", why,
                    request == null ? null : request.consumerKey(), request == null ? null : request.nonce(),
                    request == null ? null : request.timestamp(), java.time.Instant.now().getEpochSecond());
        }
    }

    static CallerIdentity identity(Consumer consumer, UUID user) {
        return new CallerIdentity(consumer.key(), consumer.type().claim(), consumer.partner(), consumer.authorities(), user,
                consumer.productId(), false, false);
    }

    private static UUID requestor(SignedRequest request) {
        Optional<String> value = request.parameter(REQUESTOR_ID);
        if (value.isEmpty() || value.get().isEmpty()) {
            return null;
        }
        try {
            return UUID.fromString(value.get());
        } catch (IllegalArgumentException e) {
            throw ApiException.invalidField(REQUESTOR_ID, "must be a user UUID");
        }
    }

    private static final Future<Optional<Verified>> NONE = Future.succeededFuture(Optional.empty());
}
