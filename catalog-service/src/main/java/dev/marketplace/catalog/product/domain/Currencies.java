package dev.marketplace.catalog.product.domain;

import java.util.Set;

/** The currencies a price may be given in: the marketplace's currency enumeration. */
public final class Currencies {
    public static final Set<String> SUPPORTED = Set.of("USD", "CAD", "EUR", "JPY", "GBP", "KRW", "CHF", "SEK", "SGD", "MYR",
            "AUD", "MXN", "INR", "BRL", "DKK", "NZD", "NOK", "ZAR", "PHP", "CNY", "SAR", "GTQ", "IDR", "ARS", "COP", "PEN");

    private Currencies() {
    }
}
