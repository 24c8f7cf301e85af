package dev.marketplace.gateway.consumer.service;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import dev.marketplace.common.crypto.SecretCipher;
import dev.marketplace.gateway.config.GatewayConfig;

/** The cipher of channel consumer secrets, keyed by {@code marketplace.gateway.encryption-key}. */
public class SecretCipherProducer {

    @Produces
    @Singleton
    SecretCipher secretCipher(GatewayConfig config) {
        return new SecretCipher(config.encryptionKey());
    }
}
