package dev.marketplace.catalog.product.domain;

/** Unit of a trial or grace period. */
public enum DurationUnit {
    DAY, WEEK, MONTH, YEAR
}
