package dev.marketplace.catalog.integration.service;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import dev.marketplace.catalog.config.CatalogConfig;
import dev.marketplace.common.crypto.SecretCipher;

/** The cipher of vendor consumer secrets, keyed by {@code marketplace.catalog.encryption-key}. */
public class SecretCipherProducer {

    @Produces
    @Singleton
    SecretCipher secretCipher(CatalogConfig config) {
        return new SecretCipher(config.encryptionKey());
    }
}
