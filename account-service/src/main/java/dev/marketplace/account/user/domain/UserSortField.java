package dev.marketplace.account.user.domain;

/** The orders of the users listings (REST and GraphQL). */
public enum UserSortField {
    DATE, FIRST_NAME, LAST_NAME, EMAIL, LAST_MODIFIED
}
