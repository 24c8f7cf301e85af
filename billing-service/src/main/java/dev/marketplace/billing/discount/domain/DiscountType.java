package dev.marketplace.billing.discount.domain;

/**
 * PERCENTAGE takes {@code percentage} percent off; FIXED_PRICE takes {@code price} off; FLAT makes the payable amount
 * {@code discountValue} whatever the original price.
 */
public enum DiscountType {
    PERCENTAGE, FIXED_PRICE, FLAT
}
