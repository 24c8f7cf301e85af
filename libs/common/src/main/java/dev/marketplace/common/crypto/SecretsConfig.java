package dev.marketplace.common.crypto;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * The service's secrets ({@code marketplace.secrets.*}): the key {@link SecretCipher} encrypts with, the keys it can
 * still read, and which secrets a production start requires ({@link ProductionSecrets}).
 */
@ConfigMapping(prefix = "marketplace.secrets")
public interface SecretsConfig {
    /** The current encryption key (each service maps it to its own environment variable). */
    Optional<String> encryptionKey();

    /**
     * Id of the current key, written before every new ciphertext ({@code <id>:<base64>}). Unset: ciphertexts carry no id
     * (the form of every value written before ids existed).
     */
    Optional<String> encryptionKeyId();

    /** Keys that encrypted older values, by id, for reading only; values without an id are tried with each key. */
    Map<String, String> previousKeys();

    /**
     * Properties that must hold a real secret in the {@code prod} profile: set, and not the development default that
     * application.properties carries. {@code a|b}: either may be set (a key given inline or as a file).
     */
    Optional<List<String>> required();

    /** Check the required secrets outside the prod profile too (tests of the check). */
    @WithDefault("false")
    boolean enforce();
}
