package dev.marketplace.billing.pricing;

import java.math.BigDecimal;

/**
 * A discount as applied to an order, kept with the order so that later changes of the discount do not change what was
 * sold: PERCENTAGE takes {@code percentage} percent off, FIXED_PRICE takes {@code amount} off, FLAT makes the payable
 * amount {@code finalAmount}; on the lines of {@code unit}, or on the whole order when it is null. It applies to the
 * first {@code billingCycles} invoices (all when null).
 */
public record DiscountTerms(long discountId, String code, String description, Kind kind, BigDecimal percentage,
        BigDecimal amount, BigDecimal finalAmount, String unit, Integer billingCycles, boolean retainable,
        Long expirationDate) {

    public enum Kind {
        PERCENTAGE, FIXED_PRICE, FLAT
    }

    /** Whether the next invoice is discounted, {@code discountedInvoices} having been discounted already. */
    public boolean appliesToNextInvoice(int discountedInvoices) {
        return billingCycles == null || discountedInvoices < billingCycles;
    }

    /** Whether the discount stays with an order that changes at {@code nowMillis}: unless expired and not retainable. */
    public boolean keptOnChange(long nowMillis) {
        return retainable || expirationDate == null || expirationDate > nowMillis;
    }
}
