package dev.marketplace.gateway.support;

import java.time.Duration;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;

import dev.marketplace.gateway.ratelimit.service.RateLimitClock;

/**
 * Replaces the rate limiter's clock in tests: Redis' own clock unless frozen, then the frozen time, moved only when
 * told (both are this machine's wall clock).
 */
@Alternative
@Priority(1)
@ApplicationScoped
public class TestClock extends RateLimitClock {
    private volatile Long frozenMicros;

    @Override
    public long nowMicros() {
        Long frozen = frozenMicros;
        return frozen != null ? frozen : REDIS_TIME;
    }

    public void freeze() {
        frozenMicros = System.currentTimeMillis() * 1000L;
    }

    public synchronized void advance(Duration duration) {
        Long frozen = frozenMicros;
        frozenMicros = (frozen != null ? frozen : System.currentTimeMillis() * 1000L) + duration.toNanos() / 1000;
    }

    public void release() {
        frozenMicros = null;
    }
}
