package dev.marketplace.gateway.anonymous.service;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.gateway.anonymous.service.AnonymousLeadConfig;
import dev.marketplace.gateway.ratelimit.service.RateLimiter;
import io.vertx.core.Future;

/**
 * The rate limit of unsigned lead creation: one leaky bucket per client address, in Redis like every other bucket, so
 * that the limit holds across replicas ({@code <prefix>bucket:anonymous-leads:<address>}).
 */
@ApplicationScoped
public class ClientAddressLimiter {
    static final String BUCKET = "anonymous-leads";

    private final RateLimiter limiter;
    private final long capacity;
    private final double intervalMicros;

    public ClientAddressLimiter(AnonymousLeadConfig config, RateLimiter limiter) {
        this.limiter = limiter;
        this.capacity = config.capacity();
        this.intervalMicros = config.refillPeriod().toNanos() / 1000.0 / config.refillTokens();
    }

    /** 0 when the call may go on, else the whole seconds until the address may try again. */
    public Future<Long> tryAcquire(String address) {
        return limiter.take(BUCKET, address, capacity, intervalMicros)
                .map(decision -> decision.allowed() ? 0L : decision.retryAfterSeconds());
    }
}
