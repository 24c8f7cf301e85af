package dev.marketplace.gateway.ratelimit.service;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.jboss.logging.Logger;

import dev.marketplace.gateway.config.GatewayConfig;
import io.quarkus.runtime.StartupEvent;

/**
 * What bounds the work a caller can make the gateway do without being served (amplifiers), per replica and in memory
 * ({@link LocalBuckets}), so that the hot path pays no extra Redis command:
 * <ul>
 * <li>failed authentications per client address: once its bucket is full, every call from that address gets
 * {@code 429} before any consumer lookup, catalog call or signature check (a valid call does not drain the bucket, it
 * waits like the others);</li>
 * <li>token requests per client at {@code /oauth2/token} (each costs an RSA signature), once its secret verified;</li>
 * <li>nonces per consumer: how many a consumer may have this replica store in Redis per timestamp window, sized from
 * the memory Redis has for them ({@link NonceQuota}).</li>
 * </ul>
 * The client address is the bucket ClientAddresses gives: the connection's, or, behind trusted proxies, the one they
 * forward; an IPv6 address by its /64.
 */
@ApplicationScoped
public class AbuseGuard {
    private static final Logger LOG = Logger.getLogger(AbuseGuard.class);
    private final LocalBuckets failures;
    private final LocalBuckets tokenRequests;
    private final LocalBuckets nonces;

    public AbuseGuard(GatewayConfig config) {
        GatewayConfig.Abuse abuse = config.abuse();
        int max = abuse.maxTrackedKeys();
        this.failures = buckets(abuse.failedAuthentications(), max);
        this.tokenRequests = buckets(abuse.tokenRequests(), max);
        GatewayConfig.OAuth1 oauth1 = config.oauth1();
        GatewayConfig.NonceBudget budget = oauth1.nonceBudget();
        NonceQuota sized = NonceQuota.of(budget.memory().asLongValue(), budget.bytesPerNonce(), budget.replicas(),
                budget.consumerShare(), oauth1.timestampWindow(), oauth1.replicaClockSkew());
        long quota = Math.max(1, oauth1.nonceQuota().orElse(sized.perReplica()));
        if (oauth1.nonceQuota().isPresent()) {
            LOG.warnf("Nonce quota set to %,d per consumer, replica and window (marketplace.gateway.oauth1.nonce-quota), "
                    + "not sized from the nonce budget (%s): one consumer may fill Redis", quota, sized.arithmetic());
        } else {
            LOG.infof("Nonce quota: %s", sized.arithmetic());
        }
        this.nonces = new LocalBuckets(quota, quota, oauth1.timestampWindow(), max);
    }

    private static LocalBuckets buckets(GatewayConfig.Bucket bucket, int maxKeys) {
        return new LocalBuckets(bucket.capacity(), bucket.refillTokens(), bucket.refillPeriod(), maxKeys);
    }

    /** Created at start, so that the nonce quota is logged then. */
    void onStart(@Observes StartupEvent event) {
        // the bean is built by the injection of this observer
    }

    /** Refuses (429) an address whose failed authentications have filled its bucket. */
    public void requireNotBlocked(String address) {
        long wait = failures.full(address);
        if (wait > 0) {
            throw new Throttled(wait, "Too many failed authentications from this address");
        }
    }

    /** Counts a failed authentication of {@code address}. */
    public void failed(String address) {
        failures.take(address);
    }

    /** Takes a token request of {@code clientId}, whose secret verified, or refuses it (429). */
    public void tokenRequest(String clientId) {
        long wait = tokenRequests.take(clientId);
        if (wait > 0) {
            throw new Throttled(wait, "Too many token requests for this client");
        }
    }

    /** Takes a nonce of {@code consumerKey} from its quota, or refuses the call (429). */
    public void nonce(String consumerKey) {
        long wait = nonces.take(consumerKey);
        if (wait > 0) {
            throw new Throttled(wait, "Too many signed requests for this consumer");
        }
    }
}
