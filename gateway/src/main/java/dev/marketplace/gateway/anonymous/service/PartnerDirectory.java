package dev.marketplace.gateway.anonymous.service;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.gateway.consumer.service.ConsumerRegistry;
import dev.marketplace.gateway.marketplace.service.DisabledMarketplaces;
import io.smallrye.mutiny.Uni;

/**
 * Whether a partner (marketplace) takes anonymous leads: it does when it has a channel consumer and is not disabled
 * (asked of memory on every call, so that disabling takes effect at once). Answers are kept for
 * {@code partner-cache-ttl} (at most 10,000 partners), so unsigned callers cannot make the gateway ask its database at
 * their own pace.
 */
@ApplicationScoped
public class PartnerDirectory {
    private static final int MAX_CACHED = 10_000;

    private final ConsumerRegistry consumers;
    private final DisabledMarketplaces disabled;
    private final long ttlNanos;
    private final Map<String, Known> cache = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Known> eldest) {
            return size() > MAX_CACHED;
        }
    };

    private record Known(boolean exists, long at) {
    }

    public PartnerDirectory(ConsumerRegistry consumers, DisabledMarketplaces disabled, AnonymousLeadConfig config) {
        this.consumers = consumers;
        this.disabled = disabled;
        this.ttlNanos = config.partnerCacheTtl().toNanos();
    }

    public Uni<Boolean> exists(String partner) {
        if (disabled.isDisabled(partner)) {
            return Uni.createFrom().item(false);
        }
        long now = System.nanoTime();
        synchronized (cache) {
            Known known = cache.get(partner);
            if (known != null && now - known.at() < ttlNanos) {
                return Uni.createFrom().item(known.exists());
            }
        }
        return consumers.findChannelByPartner(partner).map(found -> {
            synchronized (cache) {
                cache.put(partner, new Known(found.isPresent(), System.nanoTime()));
            }
            return found.isPresent();
        });
    }
}
