package dev.marketplace.common.crypto;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Keeps secrets that must reach a person by email or SMS (a temporary password, an invitation link with its token)
 * out of the clear in outbox rows, Kafka records, notification-service's stored deliveries and their logs: the producer
 * puts {@link #seal(String, String) seal(partner, value)} into the notification's parameters, and notification-service
 * {@link #open(String, String) opens} it only to render the message. AES-256-GCM under
 * {@code marketplace.notification-secrets.key} (shared by the producers and notification-service, no one else), the
 * partner as associated data (a value sealed for one marketplace does not open for another).
 * <p>
 * Sealed form: {@code sealed:v1:[<key id>:]<base64(iv || ciphertext+tag)>}. Values that are not sealed pass through
 * {@link #open} unchanged, so producers can adopt it one parameter at a time.
 */
@ApplicationScoped
public class NotificationSecrets {
    public static final String PREFIX = "sealed:v1:";
    private static final String PURPOSE = "notification-parameter\0";

    private final SecretCipher cipher;

    @Inject
    public NotificationSecrets(NotificationSecretsConfig config) {
        this(config.key().filter(k -> !k.isBlank()).map(key -> new SecretCipher(config.keyId().filter(id -> !id.isBlank())
                .orElse(null), key, config.previousKeys())).orElse(null));
    }

    NotificationSecrets(SecretCipher cipher) {
        this.cipher = cipher;
    }

    /** The sealed form of {@code value} for a notification of {@code partner}. */
    public String seal(String partner, String value) {
        return PREFIX + cipher().encrypt(PURPOSE + partner, value);
    }

    /**
     * The clear value of a sealed parameter of {@code partner}'s notification; any other value unchanged.
     *
     * @throws IllegalStateException when the value is sealed but does not open (another key, another partner, tampered)
     */
    public String open(String partner, String value) {
        if (!isSealed(value)) {
            return value;
        }
        try {
            return cipher().decrypt(PURPOSE + partner, value.substring(PREFIX.length()));
        } catch (IllegalStateException e) {
            throw new IllegalStateException("a sealed parameter does not open with marketplace.notification-secrets.key "
                    + "for marketplace " + partner);
        }
    }

    public static boolean isSealed(String value) {
        return value != null && value.startsWith(PREFIX);
    }

    private SecretCipher cipher() {
        if (cipher == null) {
            throw new IllegalStateException("marketplace.notification-secrets.key is not configured: notification secrets "
                    + "can be neither sealed nor opened");
        }
        return cipher;
    }
}
