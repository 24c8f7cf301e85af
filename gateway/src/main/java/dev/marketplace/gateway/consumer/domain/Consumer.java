package dev.marketplace.gateway.consumer.domain;

import java.util.Set;

/**
 * A set of OAuth credentials the gateway accepts: channel (partner-wide, with authorities) or vendor (one product).
 * The secret is in clear text here; it only ever lives in memory for the duration of a request.
 */
public record Consumer(String key, String secret, ConsumerType type, String partner, Set<String> authorities, Long productId) {

    @Override
    public String toString() {
        return "Consumer[key=" + key + ", type=" + type + ", partner=" + partner + ", authorities=" + authorities
                + ", productId=" + productId + ", secret=***]";
    }
}
