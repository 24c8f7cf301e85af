package dev.marketplace.billing.invoice.domain;

/** AppDirect's invoice line types; billing writes ITEM, DISCOUNT and DELEGATED_INVOICE (a carried invoice's amount). */
public enum InvoiceLineType {
    ITEM, DISCOUNT, TAX, DELEGATED_INVOICE, TERMINATION_FEE, SUB_ACCOUNT
}
