package dev.marketplace.gateway.ratelimit.service;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.arc.DefaultBean;

/**
 * The time buckets are measured at. By default Redis' own clock (the script asks for it), which every replica shares,
 * so replicas' clocks need not agree; tests replace this bean with one they can freeze and move.
 */
@ApplicationScoped
@DefaultBean
public class RateLimitClock {
    /** Means: let Redis read its own clock. */
    public static final long REDIS_TIME = -1;

    /** Epoch microseconds to measure buckets at, or {@link #REDIS_TIME}. */
    public long nowMicros() {
        return REDIS_TIME;
    }
}
