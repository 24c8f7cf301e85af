package dev.marketplace.catalog.product.domain;

/** Billing frequency of a payment plan; sent to vendors as the order's pricingDuration. */
public enum PricingFrequency {
    DAILY, MONTHLY, QUARTERLY, SIX_MONTHS, YEARLY, TWO_YEARS, THREE_YEARS, ONE_TIME
}
