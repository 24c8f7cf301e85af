package dev.marketplace.catalog.product.domain;

/** How an edition earns money. */
public enum RevenueType {
    RECURRING, ONE_TIME, FREE
}
