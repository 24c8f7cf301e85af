package dev.marketplace.gateway.consumer.domain;

public enum ConsumerType {
    CHANNEL, VENDOR;

    /** The value of the internal token's {@code ctype} claim. */
    public String claim() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
