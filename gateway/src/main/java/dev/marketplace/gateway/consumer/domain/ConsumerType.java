package dev.marketplace.gateway.consumer.domain;

public enum ConsumerType {
    CHANNEL, VENDOR,
    /** The platform operator: manages marketplaces (/api/platform/**) and nothing else; no partner. */
    PLATFORM;

    /** The value of the internal token's {@code ctype} claim. */
    public String claim() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
