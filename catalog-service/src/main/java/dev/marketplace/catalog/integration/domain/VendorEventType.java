package dev.marketplace.catalog.integration.domain;

/** Event types a vendor configures a URL for (docs/architecture.md, "Vendor events"). */
public enum VendorEventType {
    // account-service: an assigned user's name, email or locale changed (issue 45)
    USER_UPDATED,
    SUBSCRIPTION_ORDER, SUBSCRIPTION_CHANGE, SUBSCRIPTION_CANCEL, SUBSCRIPTION_NOTICE, USER_ASSIGNMENT, USER_UNASSIGNMENT
}
