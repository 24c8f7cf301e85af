package dev.marketplace.billing.invoice.domain;

/** The invoice lists' sort fields; the repository maps each to its indexed column. */
public enum InvoiceSortField {
    DATE, INVOICE_ID, TOTAL
}
