package dev.marketplace.account.support;

import java.security.SecureRandom;
import java.security.spec.KeySpec;
import java.util.Base64;

import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;

/**
 * Passwords are stored as PBKDF2-HMAC-SHA256 hashes only ({@code pbkdf2$iterations$salt$hash}). Hashing is CPU work, so
 * it runs on a worker thread and resumes on the caller's Vert.x context (where the reactive session lives).
 */
public final class Passwords {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int ITERATIONS = 120_000;
    private static final String ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

    private Passwords() {
    }

    public static Uni<String> hash(Vertx vertx, String password) {
        return vertx.executeBlocking(Uni.createFrom().item(() -> hashNow(password)));
    }

    public static String hashNow(String password) {
        byte[] salt = new byte[16];
        RANDOM.nextBytes(salt);
        return "pbkdf2$" + ITERATIONS + "$" + Base64.getEncoder().encodeToString(salt) + "$"
                + Base64.getEncoder().encodeToString(derive(password, salt, ITERATIONS));
    }

    public static boolean matches(String password, String stored) {
        String[] parts = stored.split("\\$");
        byte[] expected = Base64.getDecoder().decode(parts[3]);
        byte[] actual = derive(password, Base64.getDecoder().decode(parts[2]), Integer.parseInt(parts[1]));
        return java.security.MessageDigest.isEqual(expected, actual);
    }

    /** A random password of {@code length} unambiguous letters and digits. */
    public static String generate(int length) {
        StringBuilder b = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            b.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        }
        return b.toString();
    }

    /** A URL-safe random token (invitation tokens, domain verification values). */
    public static String token() {
        return dev.marketplace.common.crypto.RandomTokens.urlSafe(24);
    }

    private static byte[] derive(String password, byte[] salt, int iterations) {
        try {
            KeySpec spec = new PBEKeySpec(password.toCharArray(), salt, iterations, 256);
            return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
