package dev.marketplace.gateway.ratelimit.service;

import java.time.Duration;

/**
 * How many nonces one consumer may have one replica store in Redis per timestamp window, sized from the memory Redis
 * has for nonces, so that one consumer at its quota (a busy tenant, or a stolen key) leaves the rest to everyone else:
 * Redis runs with {@code noeviction}, and a full Redis refuses every tenant's signed calls (503).
 * <ol>
 * <li>nonces the budget holds: {@code N = memory / bytesPerNonce};</li>
 * <li>one consumer may hold {@code share} of them across all replicas, each metering on its own (no Redis command on
 * the hot path), so through one replica {@code K = N × share / replicas};</li>
 * <li>a nonce lives in Redis until its timestamp leaves the window, and a timestamp may be up to a window ahead: at
 * most {@code L = 2 × window + 1 s + clock skew};</li>
 * <li>the quota is a bucket of {@code Q} draining over the window, which admits at most {@code Q + Q × L / window}
 * within any {@code L}; so {@code Q = K × window / (window + L)}, at least 1.</li>
 * </ol>
 */
public record NonceQuota(long perReplica, String arithmetic) {

    public static NonceQuota of(long memoryBytes, long bytesPerNonce, int replicas, double share, Duration window,
            Duration replicaClockSkew) {
        if (memoryBytes <= 0 || bytesPerNonce <= 0 || replicas <= 0 || !(share > 0 && share <= 1)) {
            throw new IllegalArgumentException("marketplace.gateway.oauth1.nonce-budget: memory, bytes-per-nonce and "
                    + "replicas must be positive, consumer-share in (0, 1]");
        }
        long nonces = memoryBytes / bytesPerNonce;
        long perConsumer = (long) Math.floor(nonces * share / replicas);
        long windowMillis = window.toMillis();
        long lifetimeMillis = 2 * windowMillis + 1000 + replicaClockSkew.toMillis();
        long quota = Math.max(1, (long) Math.floor((double) perConsumer * windowMillis / (windowMillis + lifetimeMillis)));
        String arithmetic = String.format("%,d bytes / %,d bytes a nonce = %,d nonces; x %s for one consumer / %d replicas"
                + " = %,d through one replica; x %d s window / (%d s + %d s longest lifetime) = %,d per window",
                memoryBytes, bytesPerNonce, nonces, share, replicas, perConsumer, windowMillis / 1000, windowMillis / 1000,
                lifetimeMillis / 1000, quota);
        return new NonceQuota(quota, arithmetic);
    }
}
