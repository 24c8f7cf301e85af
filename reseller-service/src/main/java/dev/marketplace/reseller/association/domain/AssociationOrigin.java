package dev.marketplace.reseller.association.domain;

/** How a customer company came to be linked to a reseller company. */
public enum AssociationOrigin {
    /** The reseller created the company (POST /companies). */
    LINKED,
    /** A reseller manager associated two existing companies (POST /companyAssociations). */
    ASSOCIATED
}
