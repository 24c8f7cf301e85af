package dev.marketplace.gateway.consumer.service;

import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.crypto.RandomTokens;
import dev.marketplace.common.crypto.SecretCipher;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.gateway.consumer.domain.Consumer;
import dev.marketplace.gateway.consumer.domain.ConsumerType;
import dev.marketplace.gateway.consumer.repository.ChannelConsumerRepository;
import dev.marketplace.gateway.consumer.repository.ChannelConsumerRepository.StoredConsumer;
import io.smallrye.mutiny.Uni;

/** Rules of channel credentials: one consumer per partner, secrets generated here and stored encrypted. */
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

    /** Creates the partner's channel consumer unless the key or the partner already has one; true when created. */
    public Uni<Boolean> createIfAbsent(String partner, String key, String secret, Set<String> authorities) {
        return repository.insertIfAbsent(new StoredConsumer(key, cipher.encrypt(key, secret), partner,
                new LinkedHashSet<>(authorities))).invoke(created -> registry.forget(key));
    }

    /** The channel consumer of the caller's partner. */
    public Uni<Consumer> credentialsOf(String partner) {
        return registry.findChannelByPartner(partner).map(found -> found.orElseThrow(ApiException::forbidden));
    }

    /** Replaces the secret of the partner's channel consumer; the old secret is refused from the next request on. */
    public Uni<Consumer> regenerateSecret(String partner) {
        return credentialsOf(partner).flatMap(current -> {
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
}
