package dev.marketplace.billing.subscription.service;

import java.util.List;

import dev.marketplace.billing.subscription.service.SubscriptionInputs.Item;

/** What the catalogue says about an order: product, vendor integration (never its secret), edition, plan, checked items. */
public record OrderTerms(long productId, String applicationUuid, String productName, String vendorName, boolean interactive,
        String orderUrlTemplate, long editionId, String editionCode, String editionName, Long paymentPlanId,
        String pricingDuration, List<Item> items) {
}
