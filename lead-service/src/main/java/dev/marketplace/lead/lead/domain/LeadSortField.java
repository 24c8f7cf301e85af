package dev.marketplace.lead.lead.domain;

/** The orders of the leads listing: creation date or the customer's company name. */
public enum LeadSortField {
    DATE, COMPANY_NAME
}
