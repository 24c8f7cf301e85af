package dev.marketplace.account.membership.domain;

/** The orders of the memberships listing. */
public enum MembershipSortField {
    DATE, FIRST_NAME, LAST_NAME
}
