package dev.marketplace.billing.exchangerate.domain;

/** The rates list's sort fields; the repository maps each to its indexed columns. */
public enum ExchangeRateSortField {
    BASE_CURRENCY, COUNTER_CURRENCY, VALID_FROM
}
