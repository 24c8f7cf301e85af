package dev.marketplace.gateway.marketplace.domain;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** What an operator sends to create a marketplace; the currency's ISO 4217 check is the service's. */
public record NewMarketplace(
        @NotNull(message = "is required")
        @Pattern(regexp = NewMarketplace.PARTNER, message = "must match " + NewMarketplace.PARTNER
                + " (an upper-case letter, then 1 to 31 upper-case letters, digits or '_')") String partner,
        @NotBlank(message = "is required") @Size(max = 100, message = "must be at most 100 characters") String name,
        @NotNull(message = "is required")
        @Pattern(regexp = NewMarketplace.LOCALE, message = "must be a locale such as en_US or fr (language, optionally _COUNTRY)")
        String defaultLocale,
        @NotNull(message = "is required")
        @Pattern(regexp = "^[A-Z]{3}$", message = "must be an ISO 4217 currency code such as USD") String defaultCurrency) {

    public static final String PARTNER = "^[A-Z][A-Z0-9_]{1,31}$";
    public static final String LOCALE = "^[a-z]{2,3}(_[A-Z]{2})?$";
}
