package dev.marketplace.gateway.consumer.service;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.crypto.SecretCipher;
import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.consumer.client.VendorCredentialsClient;
import dev.marketplace.gateway.consumer.domain.Consumer;
import dev.marketplace.gateway.consumer.domain.ConsumerType;
import dev.marketplace.gateway.consumer.repository.ChannelConsumerRepository;
import dev.marketplace.gateway.consumer.repository.ChannelConsumerRepository.StoredConsumer;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Future;

/**
 * Finds the credentials behind a consumer key: channel consumers live in the gateway's database, any other key is asked
 * of catalog-service (vendor credentials, not cached: a rotated vendor secret takes effect on the next call). Channel
 * consumers come from {@link ChannelConsumerCache}, which every replica invalidates on change. A key that is neither
 * (catalog answered 404) is remembered as unknown for {@code abuse.unknown-key-ttl}, so that a caller repeating a made-up
 * key costs neither a query nor a call to catalog each time; a key catalog could not answer for is not remembered.
 */
@ApplicationScoped
public class ConsumerRegistry {
    private final ChannelConsumerRepository channels;
    private final ChannelConsumerCache cache;
    private final VendorCredentialsClient vendors;
    private final SecretCipher cipher;
    private final PlatformOperator operator;
    /** Consumer keys neither the gateway nor catalog knows, until when ({@link System#nanoTime()}). */
    private final ConcurrentHashMap<String, Long> unknown = new ConcurrentHashMap<>();
    private final long unknownTtlNanos;
    private final int maxUnknown;

    public ConsumerRegistry(ChannelConsumerRepository channels, ChannelConsumerCache cache, VendorCredentialsClient vendors,
            SecretCipher cipher, PlatformOperator operator, GatewayConfig config) {
        this.operator = operator;
        this.unknownTtlNanos = config.abuse().unknownKeyTtl().toNanos();
        this.maxUnknown = config.abuse().maxTrackedKeys();
        this.channels = channels;
        this.cache = cache;
        this.vendors = vendors;
        this.cipher = cipher;
    }

    /**
     * The consumer with this key, as a Vert.x future: the type of the signed-call path, so that a vendor's look-up (a
     * Vert.x HTTP call to catalog-service) reaches it without a conversion.
     */
    public Future<Optional<Consumer>> find(String consumerKey) {
        if (consumerKey == null || consumerKey.isEmpty() || consumerKey.length() > 128 || isKnownUnknown(consumerKey)) {
            return Future.succeededFuture(Optional.empty());
        }
        Consumer platform = operator.withKey(consumerKey);
        if (platform != null) {
            return Future.succeededFuture(Optional.of(platform));
        }
        Uni<Optional<Consumer>> channel = cache.find(consumerKey,
                () -> channels.findByKey(consumerKey).map(stored -> stored.map(this::channel)));
        return Future.fromCompletionStage(channel.subscribeAsCompletionStage())
                .compose(found -> found.isPresent() ? Future.succeededFuture(found) : vendors.lookup(consumerKey)
                        .onSuccess(vendor -> {
                            if (vendor.isEmpty()) {
                                rememberUnknown(consumerKey);
                            }
                        }).recover(e -> Future.succeededFuture(Optional.empty())));
    }

    private boolean isKnownUnknown(String consumerKey) {
        Long until = unknown.get(consumerKey);
        if (until == null) {
            return false;
        }
        if (System.nanoTime() - until < 0) {
            return true;
        }
        unknown.remove(consumerKey, until);
        return false;
    }

    private void rememberUnknown(String consumerKey) {
        if (unknown.size() >= maxUnknown) {
            long now = System.nanoTime();
            unknown.values().removeIf(until -> now - until >= 0);
            if (unknown.size() >= maxUnknown) {
                unknown.clear();
            }
        }
        unknown.put(consumerKey, System.nanoTime() + unknownTtlNanos);
    }

    /** A channel consumer held in memory, or null: the signed-call path asks this first and avoids a Uni. */
    public Consumer cached(String consumerKey) {
        if (consumerKey == null) {
            return null;
        }
        Consumer platform = operator.withKey(consumerKey);
        return platform != null ? platform : cache.peek(consumerKey);
    }

    public Uni<Optional<Consumer>> findChannelByPartner(String partner) {
        return channels.findByPartner(partner).map(stored -> stored.map(this::channel));
    }

    Consumer channel(StoredConsumer stored) {
        return new Consumer(stored.key(), cipher.decrypt(stored.key(), stored.encryptedSecret()), ConsumerType.CHANNEL,
                stored.partner(), stored.authorities(), null);
    }

    /** Forgets what this replica remembers of a consumer it just changed or created. */
    public void forget(String consumerKey) {
        cache.evict(consumerKey);
        unknown.remove(consumerKey);
    }
}
