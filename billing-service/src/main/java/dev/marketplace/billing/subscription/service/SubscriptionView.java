package dev.marketplace.billing.subscription.service;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;

import dev.marketplace.billing.subscription.service.SubscriptionInputs.Item;

/**
 * A subscription as the API shows it. {@code redirectUrl} only on the creation of an interactive order;
 * {@code suspension} only while it is SUSPENDED; {@code parentSubscriptionId} only for an add-on;
 * {@code waitingOnOperator} only while its pending vendor event is parked at notification-service.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SubscriptionView(String id, long orderId, String status, String companyUuid, String userUuid, long productId,
        String applicationUuid, String productName, long editionId, String editionCode, String editionName,
        Long paymentPlanId, String pricingDuration, List<Item> items, String accountIdentifier, Error error,
        boolean interactive, Map<String, Object> pendingChange, long createdOn, long lastModified, String redirectUrl,
        Suspension suspension, String parentSubscriptionId, WaitingOnOperator waitingOnOperator) {

    public record Error(String code, String message) {
    }

    /** Why the subscription is SUSPENDED (OPERATOR, OVERDUE_INVOICE) and since when (epoch ms). */
    public record Suspension(String reason, long since) {
    }

    /**
     * The pending vendor event notification-service gave up delivering (VENDOR_EVENT_PARKED): an operator must retry or
     * resolve it ({@code /api/notification/v1/vendor-events/{eventId}}). {@code reason} VENDOR_UNREACHABLE or
     * RESULT_OVERDUE; {@code since} when it was parked (epoch ms).
     */
    public record WaitingOnOperator(String reason, String eventId, String eventType, String lastError, Long since) {
    }

    public SubscriptionView withRedirectUrl(String url) {
        return new SubscriptionView(id, orderId, status, companyUuid, userUuid, productId, applicationUuid, productName,
                editionId, editionCode, editionName, paymentPlanId, pricingDuration, items, accountIdentifier, error,
                interactive, pendingChange, createdOn, lastModified, url, suspension, parentSubscriptionId, waitingOnOperator);
    }
}
