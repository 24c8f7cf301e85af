package dev.marketplace.billing.discount.domain;

/** The discounts list's sort fields (AppDirect's names); the repository maps each to its indexed column. */
public enum DiscountSortField {
    APPLICATION, CHANNEL, CODE, CREATED_ON, END_DATE, REDEMPTIONS, START_DATE
}
