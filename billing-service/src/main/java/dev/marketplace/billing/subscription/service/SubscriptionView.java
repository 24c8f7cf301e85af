package dev.marketplace.billing.subscription.service;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;

import dev.marketplace.billing.subscription.service.SubscriptionInputs.Item;

/** A subscription as the API shows it. {@code redirectUrl} only on the creation of an interactive order. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SubscriptionView(String id, long orderId, String status, String companyUuid, String userUuid, long productId,
        String applicationUuid, String productName, long editionId, String editionCode, String editionName,
        Long paymentPlanId, String pricingDuration, List<Item> items, String accountIdentifier, Error error,
        boolean interactive, Map<String, Object> pendingChange, long createdOn, long lastModified, String redirectUrl) {

    public record Error(String code, String message) {
    }

    public SubscriptionView withRedirectUrl(String url) {
        return new SubscriptionView(id, orderId, status, companyUuid, userUuid, productId, applicationUuid, productName,
                editionId, editionCode, editionName, paymentPlanId, pricingDuration, items, accountIdentifier, error,
                interactive, pendingChange, createdOn, lastModified, url);
    }
}
