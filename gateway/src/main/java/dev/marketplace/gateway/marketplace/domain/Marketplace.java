package dev.marketplace.gateway.marketplace.domain;

import java.time.Instant;

/** A marketplace: its partner code (the {@code partner} of every token and row of it), what it is called, its defaults. */
public record Marketplace(String partner, String name, String defaultLocale, String defaultCurrency, boolean enabled,
        Instant createdOn) {
}
