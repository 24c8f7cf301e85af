package dev.marketplace.account.user.domain;

public enum UserStatus {
    /** Can log in. */
    ACTIVE,
    /** Invited, has not accepted yet. */
    INVITED,
    /** Member of a company that does not allow login: products are bought and assigned on the user's behalf. */
    MANAGED,
    DELETED
}
