package dev.marketplace.gateway.consumer.service;

import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.crypto.SecretCipher;
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
 * consumers come from {@link ChannelConsumerCache}, which every replica invalidates on change.
 */
@ApplicationScoped
public class ConsumerRegistry {
    private final ChannelConsumerRepository channels;
    private final ChannelConsumerCache cache;
    private final VendorCredentialsClient vendors;
    private final SecretCipher cipher;

    public ConsumerRegistry(ChannelConsumerRepository channels, ChannelConsumerCache cache, VendorCredentialsClient vendors,
            SecretCipher cipher) {
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
        if (consumerKey == null || consumerKey.isEmpty() || consumerKey.length() > 128) {
            return Future.succeededFuture(Optional.empty());
        }
        Uni<Optional<Consumer>> channel = cache.find(consumerKey,
                () -> channels.findByKey(consumerKey).map(stored -> stored.map(this::channel)));
        return Future.fromCompletionStage(channel.subscribeAsCompletionStage())
                .compose(found -> found.isPresent() ? Future.succeededFuture(found) : vendors.find(consumerKey));
    }

    /** A channel consumer held in memory, or null: the signed-call path asks this first and avoids a Uni. */
    public Consumer cached(String consumerKey) {
        return consumerKey == null ? null : cache.peek(consumerKey);
    }

    public Uni<Optional<Consumer>> findChannelByPartner(String partner) {
        return channels.findByPartner(partner).map(stored -> stored.map(this::channel));
    }

    Consumer channel(StoredConsumer stored) {
        return new Consumer(stored.key(), cipher.decrypt(stored.key(), stored.encryptedSecret()), ConsumerType.CHANNEL,
                stored.partner(), stored.authorities(), null);
    }

    /** Forgets what this replica remembers of a consumer it just changed. */
    public void forget(String consumerKey) {
        cache.evict(consumerKey);
    }
}
