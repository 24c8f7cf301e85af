package dev.marketplace.common.crypto;

import java.util.Optional;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The service's {@link SecretCipher}, keyed by {@code marketplace.secrets.encryption-key} (each service maps it to its
 * own environment variable in application.properties). Built only where a service injects it.
 */
public class SecretCipherProducer {

    @Produces
    @Singleton
    SecretCipher secretCipher(@ConfigProperty(name = "marketplace.secrets.encryption-key") Optional<String> key) {
        return new SecretCipher(key.filter(k -> !k.isBlank()).orElseThrow(() -> new IllegalStateException(
                "marketplace.secrets.encryption-key is not configured; secrets cannot be stored")));
    }
}
