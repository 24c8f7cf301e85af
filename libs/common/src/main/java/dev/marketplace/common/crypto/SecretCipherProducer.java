package dev.marketplace.common.crypto;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * The service's {@link SecretCipher}, keyed by {@code marketplace.secrets.encryption-key} (each service maps it to its
 * own environment variable in application.properties), with {@code encryption-key-id} and {@code previous-keys} for
 * rotation ({@link SecretsConfig}). Built only where a service injects it.
 */
public class SecretCipherProducer {

    @Produces
    @Singleton
    SecretCipher secretCipher(SecretsConfig config) {
        String key = config.encryptionKey().filter(k -> !k.isBlank()).orElseThrow(() -> new IllegalStateException(
                "marketplace.secrets.encryption-key is not configured; secrets cannot be stored"));
        return new SecretCipher(config.encryptionKeyId().filter(id -> !id.isBlank()).orElse(null), key,
                config.previousKeys());
    }
}
