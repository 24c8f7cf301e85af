package dev.marketplace.billing.money;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Currency;

/**
 * Amounts of money: {@link BigDecimal} carried with the currency's ISO 4217 fraction digits (2 for USD, 0 for JPY and
 * KRW), rounded half-even here and nowhere else. An amount is rounded once, where it is computed (a line of an invoice,
 * a discount, a conversion); totals are sums of rounded amounts.
 */
public final class Money {
    private Money() {
    }

    /** The amount with the currency's fraction digits, rounded half-even. */
    public static BigDecimal round(BigDecimal amount, String currency) {
        return amount.setScale(digits(currency), RoundingMode.HALF_EVEN);
    }

    public static int digits(String currency) {
        int digits = Currency.getInstance(currency).getDefaultFractionDigits();
        return Math.max(digits, 0);
    }

    public static BigDecimal zero(String currency) {
        return BigDecimal.ZERO.setScale(digits(currency));
    }

    /** {@code unitPrice × quantity}, rounded. */
    public static BigDecimal times(BigDecimal unitPrice, BigDecimal quantity, String currency) {
        return round(unitPrice.multiply(quantity), currency);
    }

    /** An amount of {@code from} in {@code to}, where {@code rate} units of {@code to} buy one unit of {@code from}. */
    public static BigDecimal convert(BigDecimal amount, BigDecimal rate, String to) {
        return round(amount.multiply(rate), to);
    }

    /** {@code percentage} percent of the amount, rounded. */
    public static BigDecimal percent(BigDecimal amount, BigDecimal percentage, String currency) {
        return round(amount.multiply(percentage).movePointLeft(2), currency);
    }

    /** A stored number without the column's trailing zeros (70.00 → 70, 1.250000 → 1.25), for answers. */
    public static BigDecimal plain(BigDecimal value) {
        if (value == null) {
            return null;
        }
        BigDecimal stripped = value.stripTrailingZeros();
        return stripped.scale() < 0 ? stripped.setScale(0) : stripped;
    }

    /** The amount as stored (4 decimals in the database), read back with the currency's digits. */
    public static BigDecimal of(BigDecimal stored, String currency) {
        return stored == null ? null : round(stored, currency);
    }
}
