package dev.marketplace.billing.discount.domain;

/**
 * PERCENTAGE takes {@code percentage} percent off, in any currency; FIXED_PRICE takes {@code price} off; FLAT makes the
 * payable amount {@code discountValue} whatever the original price. The amounts of the last two are in the discount's
 * {@code currency}, and they apply to orders in it only.
 */
public enum DiscountType {
    PERCENTAGE, FIXED_PRICE, FLAT
}
