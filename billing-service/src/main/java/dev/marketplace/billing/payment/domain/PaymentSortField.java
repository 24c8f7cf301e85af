package dev.marketplace.billing.payment.domain;

/** The payments list's sort fields; the repository maps each to its indexed column. */
public enum PaymentSortField {
    AMOUNT, DATE, PAYMENT_ID
}
