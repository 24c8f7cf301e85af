package dev.marketplace.billing.subscription.service;

import java.util.List;

import dev.marketplace.billing.subscription.service.SubscriptionInputs.Item;

/** What the catalogue says about an order: product, vendor integration, edition, plan, and the checked items. */
public record OrderTerms(long productId, String applicationUuid, String productName, String vendorName, boolean interactive,
        String orderUrlTemplate, String consumerKey, String consumerSecret, long editionId, String editionCode,
        String editionName, Long paymentPlanId, String pricingDuration, List<Item> items) {
}
