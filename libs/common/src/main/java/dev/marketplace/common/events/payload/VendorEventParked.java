package dev.marketplace.common.events.payload;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * Payload of {@code VENDOR_EVENT_PARKED} (notification-service): delivery of a vendor event gave up and an operator
 * must retry or resolve it ({@code /api/notification/v1/vendor-events/{eventId}}). Keyed by the subscription when there
 * is one, so that it stays ordered with the {@code VENDOR_EVENT_RESULT} an operator's resolution produces.
 * {@code reason} is {@link #VENDOR_UNREACHABLE} (every call failed) or {@link #RESULT_OVERDUE} (the vendor accepted the
 * event but its result never arrived, even after {@code renotifications} re-notifications). A subscription whose event
 * is parked waits on an operator, not on the vendor.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record VendorEventParked(String eventId, String eventType, String eventToken, Long productId, String productName,
        String subscriptionId, int attempts, String lastError, String reason, int renotifications) {
    public static final String VENDOR_UNREACHABLE = "VENDOR_UNREACHABLE";
    public static final String RESULT_OVERDUE = "RESULT_OVERDUE";
}
