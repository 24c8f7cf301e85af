package dev.marketplace.billing.exchangerate.service;

import java.math.BigDecimal;

import dev.marketplace.billing.exchangerate.domain.ExchangeRate;
import dev.marketplace.billing.money.Money;

/** A rate as the API answers it (AppDirect's CurrencyExchangeRateResponse; {@code userId} is numeric there, ours are UUIDs). */
public record ExchangeRateView(String baseCurrency, String counterCurrency, BigDecimal rate, long validFrom, boolean active,
        String authenticationType, String oauthKey, Long userId, String userUuid, String currencyExchangeRateUuid) {

    public static ExchangeRateView of(ExchangeRate r) {
        return new ExchangeRateView(r.baseCurrency, r.counterCurrency, Money.plain(r.rate),
                r.validFrom.toEpochMilli(), r.active, r.authenticationType, r.oauthKey, null,
                r.userUuid == null ? null : r.userUuid.toString(), r.uuid.toString());
    }
}
