package dev.marketplace.billing.client.stripe;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.Set;

/**
 * Amounts as Stripe's API wants them: an integer in the currency's minor unit, by Stripe's own list of decimals (its
 * "Supported currencies" page), which is not always ISO 4217's. Two decimals unless listed: 10.00 USD is 1000. The
 * zero-decimal currencies are sent as they are: 500 JPY is 500. The three-decimal ones (KWD, BHD, JOD, OMR, TND) are sent
 * in thousandths whose last digit must be 0: Stripe says to round to the nearest ten, so 12.345 KWD is 12340 (half-even).
 * ISK, zero-decimal for Stripe, is still sent with two decimals for backward compatibility: 500 ISK is 50000.
 */
final class StripeAmounts {
    /** Stripe's zero-decimal currencies. */
    static final Set<String> ZERO_DECIMAL = Set.of("BIF", "CLP", "DJF", "GNF", "JPY", "KMF", "KRW", "MGA", "PYG", "RWF",
            "UGX", "VND", "VUV", "XAF", "XOF", "XPF");
    /** Stripe's three-decimal currencies: amounts in thousandths, last digit 0. */
    static final Set<String> THREE_DECIMAL = Set.of("BHD", "JOD", "KWD", "OMR", "TND");

    private StripeAmounts() {
    }

    /**
     * The amount (a decimal string in the currency's major unit, "10.00") in Stripe's minor units. Refuses (with
     * {@link IllegalArgumentException}) an amount that is not above zero, or that has more decimals than the currency:
     * 10.005 USD is a mistake upstream, not something to round away here.
     */
    static long minorUnits(String amount, String currency) {
        String code = code(currency);
        BigDecimal value;
        try {
            value = new BigDecimal(amount);
        } catch (NumberFormatException | NullPointerException e) {
            throw new IllegalArgumentException("amount is not a decimal number");
        }
        if (value.signum() <= 0) {
            throw new IllegalArgumentException("amount must be more than zero");
        }
        int digits = digits(code);
        BigDecimal minor;
        try {
            minor = value.setScale(digits, RoundingMode.UNNECESSARY).movePointRight(digits);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("amount has more decimals than " + code + " has (" + digits + ")");
        }
        if (digits == 3) {
            minor = minor.movePointLeft(1).setScale(0, RoundingMode.HALF_EVEN).movePointRight(1);
        }
        try {
            return minor.longValueExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("amount is too large");
        }
    }

    /** How many decimals Stripe's amounts of this currency carry. */
    static int digits(String currency) {
        String code = code(currency);
        if (ZERO_DECIMAL.contains(code)) {
            return 0;
        }
        return THREE_DECIMAL.contains(code) ? 3 : 2;
    }

    /** Stripe wants the ISO code in lowercase. */
    static String currencyParameter(String currency) {
        return code(currency).toLowerCase(Locale.ROOT);
    }

    private static String code(String currency) {
        if (currency == null || !currency.matches("[A-Za-z]{3}")) {
            throw new IllegalArgumentException("currency is not a three-letter ISO 4217 code");
        }
        return currency.toUpperCase(Locale.ROOT);
    }
}
