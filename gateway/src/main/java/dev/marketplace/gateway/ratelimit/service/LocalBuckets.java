package dev.marketplace.gateway.ratelimit.service;

import java.time.Duration;
import java.util.Iterator;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Leaky buckets kept in this replica's memory, for the limits that guard the gateway's own work rather than an API's
 * (failed authentications per client address, token requests per client, nonces per consumer): they cost no Redis
 * command on the hot path, and a limit per replica is what bounds a replica's work. Same metering as {@link RateLimiter}
 * (generic cell rate algorithm: a bucket is the time it will be empty). At most {@code maxKeys} buckets are kept: when
 * full, drained buckets are dropped first, then all (a drained bucket and a missing one meter alike).
 */
public final class LocalBuckets {
    private final ConcurrentHashMap<String, AtomicLong> emptyAt = new ConcurrentHashMap<>();
    private final long intervalNanos;
    private final long burstNanos;
    private final int maxKeys;
    private final LongSupplier clock;

    /** {@code capacity} deep, leaking {@code refillTokens} per {@code refillPeriod}. */
    public LocalBuckets(long capacity, long refillTokens, Duration refillPeriod, int maxKeys) {
        this(capacity, refillTokens, refillPeriod, maxKeys, System::nanoTime);
    }

    LocalBuckets(long capacity, long refillTokens, Duration refillPeriod, int maxKeys, LongSupplier clock) {
        this.intervalNanos = Math.max(1, refillPeriod.toNanos() / Math.max(1, refillTokens));
        this.burstNanos = Math.max(1, capacity) * intervalNanos;
        this.maxKeys = maxKeys;
        this.clock = clock;
    }

    /** Takes one from {@code key}'s bucket: 0 when admitted, else the whole seconds until there is room (nothing taken). */
    public long take(String key) {
        long now = clock.getAsLong();
        AtomicLong bucket = emptyAt.get(key);
        if (bucket == null) {
            if (emptyAt.size() >= maxKeys) {
                prune(now);
            }
            bucket = emptyAt.computeIfAbsent(key, k -> new AtomicLong(now));
        }
        while (true) {
            long current = bucket.get();
            long after = Math.max(current, now) + intervalNanos;
            long wait = after - burstNanos - now;
            if (wait > 0) {
                return Math.max(1, (wait + 999_999_999L) / 1_000_000_000L);
            }
            if (bucket.compareAndSet(current, after)) {
                return 0;
            }
        }
    }

    /** Whether {@code key}'s bucket has no room now (nothing taken): seconds until it has, else 0. */
    public long full(String key) {
        AtomicLong bucket = emptyAt.get(key);
        if (bucket == null) {
            return 0;
        }
        long now = clock.getAsLong();
        long wait = Math.max(bucket.get(), now) + intervalNanos - burstNanos - now;
        return wait > 0 ? Math.max(1, (wait + 999_999_999L) / 1_000_000_000L) : 0;
    }

    private void prune(long now) {
        for (Iterator<AtomicLong> it = emptyAt.values().iterator(); it.hasNext();) {
            if (it.next().get() <= now) {
                it.remove();
            }
        }
        if (emptyAt.size() >= maxKeys) {
            emptyAt.clear();
        }
    }

    int size() {
        return emptyAt.size();
    }
}
