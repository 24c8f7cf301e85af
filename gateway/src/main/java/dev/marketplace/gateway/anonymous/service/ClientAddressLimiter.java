package dev.marketplace.gateway.anonymous.service;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.context.ApplicationScoped;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;

/**
 * The rate limit of unsigned lead creation: one Bucket4j token bucket per client address, in this replica's memory
 * (a replica counts only what it serves: N replicas let up to N times the limit through). The map is bounded: beyond
 * {@code max-clients} addresses the least recently seen bucket is dropped (that client starts afresh).
 */
@ApplicationScoped
public class ClientAddressLimiter {
    private final AnonymousLeadConfig config;
    private final Map<String, Bucket> buckets;

    public ClientAddressLimiter(AnonymousLeadConfig config) {
        this.config = config;
        int max = config.maxClients();
        this.buckets = new LinkedHashMap<>(1024, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Bucket> eldest) {
                return size() > max;
            }
        };
    }

    /** 0 when the call may go on, else the whole seconds until the address may try again. */
    public long tryAcquire(String address) {
        Bucket bucket;
        synchronized (buckets) {
            bucket = buckets.computeIfAbsent(address, a -> Bucket.builder().addLimit(Bandwidth.builder()
                    .capacity(config.capacity()).refillGreedy(config.refillTokens(), config.refillPeriod()).build()).build());
        }
        ConsumptionProbe probe = bucket.tryConsumeAndReturnRemaining(1);
        if (probe.isConsumed()) {
            return 0;
        }
        return Math.max(1, TimeUnit.NANOSECONDS.toSeconds(probe.getNanosToWaitForRefill() + 999_999_999L));
    }
}
