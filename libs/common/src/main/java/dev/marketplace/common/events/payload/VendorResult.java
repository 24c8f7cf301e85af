package dev.marketplace.common.events.payload;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Payload of {@code VENDOR_EVENT_RESULT}: a vendor's final answer to a subscription event, published by
 * notification-service once it is known (synchronously, asynchronously or through the return URL) and applied to the
 * subscription by billing-service. {@code userUuid} is present for USER_* events only.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record VendorResult(String eventType, String subscriptionId, String sourceEventId, String eventToken, Long productId,
        boolean success, String accountIdentifier, String errorCode, String message,
        @JsonInclude(JsonInclude.Include.NON_NULL) String userUuid, String resultSource) {
}
