package dev.marketplace.billing.money;

import java.util.EnumSet;
import java.util.Set;

/**
 * The currencies of the marketplace (ISO 4217): what exchange rates are created in and orders are priced in. The list
 * filters of exchange rates take every one but IDR, ARS, COP and PEN.
 */
public enum CurrencyCode {
    USD, CAD, EUR, JPY, GBP, KRW, CHF, SEK, SGD, MYR, AUD, MXN, INR, BRL, DKK, NZD, NOK, ZAR, PHP, CNY, SAR, GTQ, IDR, ARS, COP,
    PEN;

    /** What the exchange-rate list filters accept. */
    public static final Set<CurrencyCode> FILTERABLE = EnumSet.complementOf(EnumSet.of(IDR, ARS, COP, PEN));

    public static boolean known(String code) {
        for (CurrencyCode c : values()) {
            if (c.name().equals(code)) {
                return true;
            }
        }
        return false;
    }
}
