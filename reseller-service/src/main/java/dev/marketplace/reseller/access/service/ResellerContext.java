package dev.marketplace.reseller.access.service;

/** Whom a caller acts as in the reseller API (the {@code context} query parameter). */
public enum ResellerContext {
    /** A reseller: its reseller companies and the customers linked to them. */
    RESELLER,
    /** A reseller manager (or marketplace manager): the whole marketplace. */
    RESELLER_MANAGER
}
