package dev.marketplace.billing.subscription.service;

import java.math.BigDecimal;
import java.util.Optional;

import dev.marketplace.billing.client.AccountApi;
import dev.marketplace.billing.money.Money;

/**
 * A company's purchase limits in the marketplace currency, empty where it has none. 30 days: none when the company is
 * exempt, else its override, else its own limit, else the marketplace default. Daily: none when exempt, else its
 * override, else the marketplace default.
 */
record CompanyLimits(Optional<BigDecimal> thirtyDays, Optional<BigDecimal> daily) {

    static CompanyLimits of(AccountApi.Company company, Optional<BigDecimal> defaultThirtyDays,
            Optional<BigDecimal> defaultDaily) {
        Optional<BigDecimal> thirtyDays;
        if (company.thirtyDaysPurchaseLimitExempt()) {
            thirtyDays = Optional.empty();
        } else if (company.thirtyDaysPurchaseLimitOverrideAmt() != null) {
            thirtyDays = Optional.of(company.thirtyDaysPurchaseLimitOverrideAmt());
        } else {
            thirtyDays = company.thirtyDaysPurchaseLimit() != null ? Optional.of(company.thirtyDaysPurchaseLimit())
                    : defaultThirtyDays;
        }
        Optional<BigDecimal> daily = company.dailyPurchaseLimitExempt() ? Optional.empty()
                : company.dailyPurchaseLimitOverrideAmt() != null ? Optional.of(company.dailyPurchaseLimitOverrideAmt())
                        : defaultDaily;
        return new CompanyLimits(thirtyDays, daily);
    }

    boolean any() {
        return thirtyDays.isPresent() || daily.isPresent();
    }

    /**
     * Whether an order of {@code amount} takes the company past {@code limit}, having spent {@code spent} in the period
     * (rounded to the currency first). Reaching the limit exactly is allowed.
     */
    static boolean exceeds(BigDecimal spent, BigDecimal amount, BigDecimal limit, String currency) {
        return Money.round(spent, currency).add(amount).compareTo(limit) > 0;
    }
}
