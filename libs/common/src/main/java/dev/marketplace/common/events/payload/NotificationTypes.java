package dev.marketplace.common.events.payload;

/**
 * Template types producers ask notification-service to send ({@link NotificationRequest#type()}); each one's
 * parameters are listed in CONTRIBUTING.md. notification-service's template catalogue knows every type.
 */
public final class NotificationTypes {
    private NotificationTypes() {
    }

    public static final String INVITE_USER = "INVITE_USER";
    public static final String ACTIVE_USER_TEMP_PASSWORD = "ACTIVE_USER_TEMP_PASSWORD";
    public static final String NEW_USER = "NEW_USER";
    public static final String ACCOUNT_ACTIVATION = "ACCOUNT_ACTIVATION";
    /** ACCOUNT_ACTIVATION of a user a reseller created in a customer company (account-service AssistedOnboarding). */
    public static final String ACCOUNT_ACTIVATION_CREATED_BY_ASSISTED_SALES = "ACCOUNT_ACTIVATION_CREATED_BY_ASSISTED_SALES";
    // account-service's user messages (issue 45): a user created, their email changed, a removal refused
    public static final String WELCOME_USER = "WELCOME_USER";
    public static final String PRIMARY_EMAIL_CHANGED_NOTICE = "PRIMARY_EMAIL_CHANGED_NOTICE";
    public static final String FAILED_TO_REMOVE_USER = "FAILED_TO_REMOVE_USER";
    public static final String FAILED_TO_REMOVE_USER_HAS_ACTIVE_OR_PENDING_APPS = "FAILED_TO_REMOVE_USER_HAS_ACTIVE_OR_PENDING_APPS";
    public static final String FAILED_TO_REMOVE_USER_OWNS_APPS = "FAILED_TO_REMOVE_USER_OWNS_APPS";
    public static final String APPLICATION_PURCHASE_REQUEST_NOTICE = "APPLICATION_PURCHASE_REQUEST_NOTICE";
    public static final String SUBSCRIPTION_ORDER = "SUBSCRIPTION_ORDER";
    public static final String SUBSCRIPTION_CANCEL = "SUBSCRIPTION_CANCEL";
    /** An operator suspended the buyer's subscription. */
    public static final String SUBSCRIPTION_SUSPENDED = "SUBSCRIPTION_SUSPENDED";
    /** The buyer's subscription was suspended because one of its invoices is overdue. */
    public static final String SUBSCRIPTION_SUSPENDED_OVERDUE_INVOICE = "SUBSCRIPTION_SUSPENDED_OVERDUE_INVOICE";
    public static final String INVOICE = "INVOICE";
    public static final String PAYMENT_SUCCESSFUL = "PAYMENT_SUCCESSFUL";
    public static final String PAYMENT_FAILED = "PAYMENT_FAILED";
    public static final String REFUND = "REFUND";
    public static final String MANUAL_EVENT_RESOLUTION = "MANUAL_EVENT_RESOLUTION";
    public static final String RESELLER_LINKED = "RESELLER_LINKED";
    public static final String RESELLER_UNLINKED = "RESELLER_UNLINKED";
    public static final String SALES_LEAD_CREATED = "SALES_LEAD_CREATED";
}
