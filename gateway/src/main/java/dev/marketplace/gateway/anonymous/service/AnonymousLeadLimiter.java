package dev.marketplace.gateway.anonymous.service;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.gateway.ratelimit.service.RateLimiter;
import io.vertx.core.Future;

/**
 * The limits of unsigned lead creation, leaky buckets in Redis like every other bucket, so that they hold across
 * replicas: per client address ({@code <prefix>bucket:anonymous-leads:<address>}, an IPv6 address by its /64), per
 * marketplace ({@code anonymous-leads-marketplace:<partner>}) and for all of them together
 * ({@code anonymous-leads-global:all}). The address is taken before the body is read; the other two once the body named
 * a partner that exists, the marketplace's first, so that a marketplace at its cap spends nothing of the global one.
 */
@ApplicationScoped
public class AnonymousLeadLimiter {
    static final String BUCKET = "anonymous-leads";
    static final String MARKETPLACE_BUCKET = "anonymous-leads-marketplace";
    static final String GLOBAL_BUCKET = "anonymous-leads-global";

    private record Bucket(String name, long capacity, double intervalMicros) {
        static Bucket of(String name, long capacity, long refillTokens, java.time.Duration refillPeriod) {
            return new Bucket(name, capacity, refillPeriod.toNanos() / 1000.0 / refillTokens);
        }
    }

    private final RateLimiter limiter;
    private final Bucket address;
    private final Bucket marketplace;
    private final Bucket global;

    public AnonymousLeadLimiter(AnonymousLeadConfig config, RateLimiter limiter) {
        this.limiter = limiter;
        this.address = Bucket.of(BUCKET, config.capacity(), config.refillTokens(), config.refillPeriod());
        AnonymousLeadConfig.Cap perMarketplace = config.perMarketplace();
        this.marketplace = Bucket.of(MARKETPLACE_BUCKET, perMarketplace.capacity(), perMarketplace.refillTokens(),
                perMarketplace.refillPeriod());
        AnonymousLeadConfig.Cap all = config.global();
        this.global = Bucket.of(GLOBAL_BUCKET, all.capacity(), all.refillTokens(), all.refillPeriod());
    }

    /** 0 when the call may go on, else the whole seconds until the address (its bucket) may try again. */
    public Future<Long> tryAcquire(String addressBucket) {
        return take(address, addressBucket);
    }

    /** 0 when the marketplace may take one more lead, else the whole seconds until it may. */
    public Future<Long> tryAcquireForMarketplace(String partner) {
        return take(marketplace, partner);
    }

    /** 0 when the gateway may take one more anonymous lead at all, else the whole seconds until it may. */
    public Future<Long> tryAcquireGlobally() {
        return take(global, "all");
    }

    private Future<Long> take(Bucket bucket, String subject) {
        return limiter.take(bucket.name(), subject, bucket.capacity(), bucket.intervalMicros())
                .map(decision -> decision.allowed() ? 0L : decision.retryAfterSeconds());
    }
}
