package dev.marketplace.catalog.integration.service;

import java.util.Locale;

import dev.marketplace.common.crypto.RandomTokens;

/** Generates vendor consumer keys and secrets. */
public final class Credentials {

    private Credentials() {
    }

    /** {@code <slug of the product name>-<10 random hex digits>}: readable, and unique by its random part. */
    public static String consumerKey(String productName) {
        String slug = productName.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-+|-+$)", "");
        if (slug.length() > 24) {
            slug = slug.substring(0, 24).replaceAll("-+$", "");
        }
        return (slug.isEmpty() ? "product" : slug) + '-' + RandomTokens.hex(5);
    }

    /** 192 random bits, URL-safe base64 (32 characters). */
    public static String secret() {
        return RandomTokens.urlSafe(24);
    }
}
