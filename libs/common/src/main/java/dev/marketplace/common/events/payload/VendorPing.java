package dev.marketplace.common.events.payload;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * Payload of {@code VENDOR_PING}: catalog-service asks notification-service to send a test event of {@code eventType}
 * to the vendor's URL template for it ({@code flag} STATELESS: the vendor must not keep anything). The consumer key is
 * the vendor's; the secret never travels in events.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record VendorPing(long productId, String applicationUuid, String productName, String flag, String eventType,
        String eventUrlTemplate, String consumerKey, boolean interactive) {
}
