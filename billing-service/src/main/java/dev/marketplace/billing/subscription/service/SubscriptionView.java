package dev.marketplace.billing.subscription.service;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;

import dev.marketplace.billing.subscription.service.SubscriptionInputs.Item;

/**
 * A subscription as the API shows it. {@code redirectUrl} only on the creation of an interactive order;
 * {@code suspension} only while it is SUSPENDED; {@code parentSubscriptionId} only for an add-on.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SubscriptionView(String id, long orderId, String status, String companyUuid, String userUuid, long productId,
        String applicationUuid, String productName, long editionId, String editionCode, String editionName,
        Long paymentPlanId, String pricingDuration, List<Item> items, String accountIdentifier, Error error,
        boolean interactive, Map<String, Object> pendingChange, long createdOn, long lastModified, String redirectUrl,
        Suspension suspension, String parentSubscriptionId) {

    public record Error(String code, String message) {
    }

    /** Why the subscription is SUSPENDED (OPERATOR, OVERDUE_INVOICE) and since when (epoch ms). */
    public record Suspension(String reason, long since) {
    }

    public SubscriptionView withRedirectUrl(String url) {
        return new SubscriptionView(id, orderId, status, companyUuid, userUuid, productId, applicationUuid, productName,
                editionId, editionCode, editionName, paymentPlanId, pricingDuration, items, accountIdentifier, error,
                interactive, pendingChange, createdOn, lastModified, url, suspension, parentSubscriptionId);
    }
}
