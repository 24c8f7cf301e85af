package dev.marketplace.gateway.consumer.service;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.crypto.RandomTokens;
import dev.marketplace.common.crypto.SecretCipher;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.gateway.consumer.domain.Consumer;
import dev.marketplace.gateway.consumer.domain.ConsumerType;
import dev.marketplace.gateway.consumer.repository.ChannelConsumerRepository;
import dev.marketplace.gateway.consumer.repository.ChannelConsumerRepository.ListedConsumer;
import dev.marketplace.gateway.consumer.repository.ChannelConsumerRepository.StoredConsumer;
import io.smallrye.mutiny.Uni;

/**
 * Rules of channel credentials: keys and secrets generated here, secrets stored encrypted and shown once (at creation
 * and rotation). A change is refused by this replica at once and by the others on the database's NOTIFY.
 */
@ApplicationScoped
public class ChannelConsumerService {
    private final ChannelConsumerRepository repository;
    private final ConsumerRegistry registry;
    private final SecretCipher cipher;

    public ChannelConsumerService(ChannelConsumerRepository repository, ConsumerRegistry registry, SecretCipher cipher) {
        this.repository = repository;
        this.registry = registry;
        this.cipher = cipher;
    }

    /** A consumer as its operator sees it; {@code secret} only right after creation or rotation, else null. */
    public record IssuedConsumer(String key, String secret, String name, Set<String> authorities, java.time.Instant createdOn) {
        @Override
        public String toString() {
            return "IssuedConsumer[key=" + key + ", name=" + name + ", authorities=" + authorities + ", secret=***]";
        }
    }

    /** Creates the partner's channel consumer unless the key or the partner already has one; true when created. */
    public Uni<Boolean> createIfAbsent(String partner, String key, String secret, Set<String> authorities) {
        return repository.insertIfAbsent(new StoredConsumer(key, cipher.encrypt(key, secret), partner,
                new LinkedHashSet<>(authorities))).invoke(created -> registry.forget(key));
    }

    /** A new consumer of the partner with a generated key and secret (the secret is in this answer only). */
    public Uni<IssuedConsumer> create(String partner, String name, Set<String> authorities) {
        String key = partner.toLowerCase(Locale.ROOT).replace('_', '-') + "-" + RandomTokens.hex(8);
        String secret = newSecret();
        return repository.insert(new StoredConsumer(key, cipher.encrypt(key, secret), partner, new LinkedHashSet<>(authorities)), name)
                .invoke(created -> registry.forget(key))
                .map(listed -> issued(listed, secret));
    }

    public Uni<List<IssuedConsumer>> list(String partner) {
        return repository.listByPartner(partner).map(all -> all.stream().map(listed -> issued(listed, null)).toList());
    }

    /** A new secret for the partner's consumer {@code key}: the old one is refused from the next request on; 404 if unknown. */
    public Uni<IssuedConsumer> rotate(String partner, String key) {
        return repository.findListed(partner, key).flatMap(found -> {
            ListedConsumer listed = found.orElseThrow(() -> ApiException.notFound("Consumer", key));
            String secret = newSecret();
            return repository.updateSecret(key, cipher.encrypt(key, secret))
                    .invoke(updated -> registry.forget(key))
                    .map(updated -> issued(listed, secret));
        });
    }

    /** Deletes the partner's consumer {@code key}: refused from the next request on; 404 if unknown. */
    public Uni<Void> revoke(String partner, String key) {
        return repository.delete(partner, key).invoke(() -> registry.forget(key)).map(deleted -> {
            if (!deleted) {
                throw ApiException.notFound("Consumer", key);
            }
            return null;
        });
    }

    /** The caller's own channel consumer (the key it signed with). */
    public Uni<Consumer> credentialsOf(String key) {
        return repository.findByKey(key).map(found -> found.map(registry::channel).orElseThrow(ApiException::forbidden));
    }

    /** Replaces the secret of the caller's channel consumer; the old secret is refused from the next request on. */
    public Uni<Consumer> regenerateSecret(String key) {
        return credentialsOf(key).flatMap(current -> {
            String secret = newSecret();
            return repository.updateSecret(current.key(), cipher.encrypt(current.key(), secret))
                    .invoke(updated -> registry.forget(current.key()))
                    .map(updated -> new Consumer(current.key(), secret, ConsumerType.CHANNEL, current.partner(),
                            current.authorities(), null));
        });
    }

    public Uni<Optional<Consumer>> find(String key) {
        return Uni.createFrom().completionStage(() -> registry.find(key).toCompletionStage());
    }

    public static String newSecret() {
        return RandomTokens.urlSafe(24);
    }

    private static IssuedConsumer issued(ListedConsumer listed, String secret) {
        return new IssuedConsumer(listed.key(), secret, listed.name(), listed.authorities(), listed.createdOn());
    }
}
