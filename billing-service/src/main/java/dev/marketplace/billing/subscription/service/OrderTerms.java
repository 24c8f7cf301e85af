package dev.marketplace.billing.subscription.service;

import java.math.BigDecimal;
import java.util.List;

import dev.marketplace.billing.subscription.service.SubscriptionInputs.Item;

/**
 * What the catalogue says about an order: product, vendor integration (never its secret), edition, plan, the checked
 * items, the plan's prices in the order's currency, and the product an add-on edition belongs under.
 */
public record OrderTerms(long productId, String applicationUuid, String productName, String vendorName, boolean interactive,
        String orderUrlTemplate, long editionId, String editionCode, String editionName, Long paymentPlanId,
        String pricingDuration, List<Item> items, String currency, List<UnitPrice> prices, Long parentProductId) {

    /** Whether the edition is an add-on (of product {@code parentProductId}): ordered against a parent subscription only. */
    public boolean addon() {
        return parentProductId != null;
    }

    /** The plan's price of one unit; {@code metered} units are billed from the usage the vendor reports. */
    public record UnitPrice(String unit, BigDecimal unitPrice, boolean metered, int minUnits) {
    }
}
