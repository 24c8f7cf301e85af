package dev.marketplace.billing.invoice.domain;

/**
 * UNPAID until a payment succeeds (PAID) or it is voided (VOIDED); an UNPAID invoice whose subscription is invoiced
 * again is CARRIED: its amount moves to the new invoice, which lists it among its included invoices.
 */
public enum InvoiceStatus {
    PAID, UNPAID, CARRIED, VOIDED
}
