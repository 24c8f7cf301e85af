package dev.marketplace.catalog.integration.service;

import java.security.SecureRandom;
import java.util.Locale;

import dev.marketplace.common.crypto.RandomTokens;

/** Generates vendor consumer keys and secrets. */
public final class Credentials {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final char[] ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789".toCharArray();

    private Credentials() {
    }

    /** {@code <slug of the product name>-<10 random characters>}: readable, and unique by its random part. */
    public static String consumerKey(String productName) {
        String slug = productName.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-+|-+$)", "");
        if (slug.length() > 24) {
            slug = slug.substring(0, 24).replaceAll("-+$", "");
        }
        StringBuilder b = new StringBuilder(slug.isEmpty() ? "product" : slug).append('-');
        for (int i = 0; i < 10; i++) {
            b.append(ALPHABET[RANDOM.nextInt(ALPHABET.length)]);
        }
        return b.toString();
    }

    /** 192 random bits, URL-safe base64 (32 characters). */
    public static String secret() {
        return RandomTokens.urlSafe(24);
    }
}
