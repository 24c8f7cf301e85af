package dev.marketplace.common.crypto;

import java.util.Map;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;

/**
 * The key that seals secrets inside notification requests ({@link NotificationSecrets}): producers that send one (a
 * temporary password, an invitation link) and notification-service, which opens it to render the message, share it.
 * Rotation as for {@link SecretCipher}: {@code key-id} names the current key, {@code previous-keys.<id>} the older ones.
 */
@ConfigMapping(prefix = "marketplace.notification-secrets")
public interface NotificationSecretsConfig {
    Optional<String> key();

    Optional<String> keyId();

    Map<String, String> previousKeys();
}
