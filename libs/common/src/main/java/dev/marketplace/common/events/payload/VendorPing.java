package dev.marketplace.common.events.payload;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * Payload of {@code VENDOR_PING} (catalog-service): a test call of the vendor's URL for {@code eventType}
 * ({@code eventUrlTemplate}, with {@code {eventUrl}} still in it), which notification-service sends flagged
 * {@code STATELESS} with placeholder data. {@code consumerKey} names the credentials the vendor will see.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record VendorPing(Long productId, String applicationUuid, String productName, String flag, String eventType,
        String eventUrlTemplate, String consumerKey, boolean interactive) {
    public static final String STATELESS = "STATELESS";
}
