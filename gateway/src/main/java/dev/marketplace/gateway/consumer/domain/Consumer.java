package dev.marketplace.gateway.consumer.domain;

import java.util.Set;

/**
 * A set of OAuth credentials the gateway accepts: channel (partner-wide, with authorities) or vendor (one product).
 * The secret is in clear text here: it lives in memory only (channel consumers in the replica's cache), never in logs.
 */
public record Consumer(String key, String secret, ConsumerType type, String partner, Set<String> authorities, Long productId) {

    @Override
    public String toString() {
        return "Consumer[key=" + key + ", type=" + type + ", partner=" + partner + ", authorities=" + authorities
                + ", productId=" + productId + ", secret=***]";
    }
}
