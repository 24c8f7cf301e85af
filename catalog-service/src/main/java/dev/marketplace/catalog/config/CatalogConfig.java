package dev.marketplace.catalog.config;

import io.smallrye.config.ConfigMapping;

@ConfigMapping(prefix = "marketplace.catalog")
public interface CatalogConfig {
    /** Key material for encrypting vendor consumer secrets at rest (AES-256-GCM key = SHA-256 of this value). */
    String encryptionKey();
}
