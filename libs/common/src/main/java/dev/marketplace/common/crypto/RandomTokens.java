package dev.marketplace.common.crypto;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/** Unguessable values: event tokens, consumer keys and secrets, invitation codes. */
public final class RandomTokens {
    private static final SecureRandom RANDOM = new SecureRandom();

    private RandomTokens() {
    }

    /** {@code bytes} random bytes as lower-case hex (16 bytes → 32 characters). */
    public static String hex(int bytes) {
        byte[] b = new byte[bytes];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /** {@code bytes} random bytes as URL-safe base64 without padding (16 bytes → 22 characters). */
    public static String urlSafe(int bytes) {
        byte[] b = new byte[bytes];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }
}
