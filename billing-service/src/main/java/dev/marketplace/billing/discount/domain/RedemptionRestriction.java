package dev.marketplace.billing.discount.domain;

/** How often one buyer may redeem a discount: without limit, once per user, or once per company. */
public enum RedemptionRestriction {
    NONE, ONCE_PER_USER, ONCE_PER_COMPANY
}
