package dev.marketplace.billing.exchangerate.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.exchangerate.service.ExchangeRateService.Conversion;
import dev.marketplace.billing.money.CurrencyCode;
import dev.marketplace.common.error.ApiException;

/** Conversions with a rate (rounded once, to the target currency) and the rules of a new rate. */
class ExchangeRateRulesTest {

    private static BigDecimal d(String value) {
        return new BigDecimal(value);
    }

    @Test
    void anAmountInItsOwnCurrencyIsRoundedAtTheRateOfOne() {
        Conversion same = Conversion.same(d("10.005"), "USD");
        assertEquals(d("10.00"), same.amount());
        assertEquals(BigDecimal.ONE, same.rate());
        assertEquals(d("1000"), Conversion.same(d("999.5"), "JPY").amount());
    }

    @Test
    void aConvertedAmountIsRoundedToTheTargetCurrencyAndKeepsItsRate() {
        Conversion yen = Conversion.at(d("10.00"), d("149.567"), "JPY");
        assertEquals(d("1496"), yen.amount());
        assertEquals(d("149.567"), yen.rate());
        assertEquals(d("18.29"), Conversion.at(d("19.99"), d("0.915"), "EUR").amount());
        assertEquals(d("0"), Conversion.at(d("1.00"), d("0.5"), "JPY").amount(), "half a yen rounds to even: 0");
        assertEquals(d("0.00"), Conversion.at(d("0.00"), d("1.1"), "EUR").amount());
    }

    @Test
    void aNewRateIsBetweenTwoCurrenciesAndFromUsdByDefault() {
        var rate = new ExchangeRateInputs.Create(null, CurrencyCode.EUR, d("0.92"), null).checked();
        assertEquals(CurrencyCode.USD, rate.base());
        ApiException same = assertThrows(ApiException.class,
                () -> new ExchangeRateInputs.Create(null, CurrencyCode.USD, d("1"), null).checked());
        assertEquals("counterCurrency: must differ from baseCurrency (USD)", same.getMessage());
        ApiException before1970 = assertThrows(ApiException.class,
                () -> new ExchangeRateInputs.Create(CurrencyCode.EUR, CurrencyCode.JPY, d("160"), -1L).checked());
        assertEquals("validFrom: must be epoch milliseconds", before1970.getMessage());
    }
}
