package dev.marketplace.billing.subscription.service;

import java.math.BigDecimal;
import java.util.List;

import dev.marketplace.billing.exchangerate.service.ExchangeRateService.Conversion;
import dev.marketplace.billing.money.Money;
import dev.marketplace.billing.usage.service.UsageService.PricedItem;
import dev.marketplace.common.error.ApiException;

/**
 * The price of a reported usage item in the subscription's currency: at the plan's price of its unit when the vendor
 * gave none, else at the vendor's price, whose reported amount (quantity × price) is converted and rounded once, so
 * that small prices are not lost to a rounding per unit.
 */
final class UsagePricing {
    private UsagePricing() {
    }

    /** An item without a price: the plan's price of its unit; 400 naming {@code field.price} when the plan has none. */
    static PricedItem atPlanPrice(UsageInput.Item item, List<OrderTerms.UnitPrice> prices, String currency, String field) {
        BigDecimal planPrice = prices.stream().filter(p -> p.unit().equals(item.unit())).map(OrderTerms.UnitPrice::unitPrice)
                .findFirst().orElseThrow(() -> ApiException.invalidField(field + ".price", "is required: the plan does not price "
                        + item.unit()));
        return new PricedItem(item.unit(), item.quantity(), planPrice, Money.times(planPrice, item.quantity(), currency),
                currency, currency, planPrice, null, item.description());
    }

    /** The currency the vendor priced the item in: the one it named, else the subscription's. */
    static String reportedCurrency(UsageInput.Item item, String currency) {
        return item.currency() == null ? currency : item.currency().name();
    }

    /** What the vendor reports the item costs, unrounded, in {@link #reportedCurrency}. */
    static BigDecimal reportedAmount(UsageInput.Item item) {
        return item.quantity().multiply(item.price());
    }

    /** An item the vendor priced in {@code from}; {@code conversion} is its {@link #reportedAmount} in {@code currency}. */
    static PricedItem atReportedPrice(UsageInput.Item item, String from, String currency, Conversion conversion) {
        BigDecimal rate = from.equals(currency) ? null : conversion.rate();
        BigDecimal unitPrice = rate == null ? item.price() : item.price().multiply(rate);
        return new PricedItem(item.unit(), item.quantity(), unitPrice, conversion.amount(), currency, from, item.price(), rate,
                item.description());
    }
}
