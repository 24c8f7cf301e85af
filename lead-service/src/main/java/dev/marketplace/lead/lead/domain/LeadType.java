package dev.marketplace.lead.lead.domain;

/** MANUAL: entered by a user; PRODUCT: from a product profile's contact form; COMPANY: from a reseller's profile. */
public enum LeadType {
    MANUAL, PRODUCT, COMPANY
}
