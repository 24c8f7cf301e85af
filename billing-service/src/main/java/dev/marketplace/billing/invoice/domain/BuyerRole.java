package dev.marketplace.billing.invoice.domain;

/** Who bought what an invoice charges (the {@code buyerRole} filter of the marketplace listing; ALL is no filter). */
public enum BuyerRole {
    ALL, CUSTOMER, RESELLER, SALES_SUPPORT
}
