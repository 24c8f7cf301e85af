package dev.marketplace.common.events;

import java.util.Set;

/**
 * The names of the domain events on {@code marketplace.domain-events}: the one place a producer and a consumer agree
 * on. The vendor event types are also the {@code type} of the event document a vendor fetches (AppDirect's names).
 */
public final class EventTypes {
    private EventTypes() {
    }

    // vendor events: billing-service publishes them, notification-service turns them into signed vendor calls
    public static final String SUBSCRIPTION_ORDER = "SUBSCRIPTION_ORDER";
    public static final String SUBSCRIPTION_CHANGE = "SUBSCRIPTION_CHANGE";
    public static final String SUBSCRIPTION_CANCEL = "SUBSCRIPTION_CANCEL";
    public static final String SUBSCRIPTION_NOTICE = "SUBSCRIPTION_NOTICE";
    public static final String USER_ASSIGNMENT = "USER_ASSIGNMENT";
    public static final String USER_UNASSIGNMENT = "USER_UNASSIGNMENT";
    /** account-service: an assigned user's name, email or locale changed; one event per subscription they hold. */
    public static final String USER_UPDATED = "USER_UPDATED";
    // add-on subscriptions (an edition ordered against an ACTIVE parent subscription): the event log's kinds; the
    // document a vendor fetches carries the subscription type AppDirect's library dispatches on (subscriptionTypeOf)
    public static final String ADDON_ORDER = "ADDON_ORDER";
    public static final String ADDON_CHANGE = "ADDON_CHANGE";
    public static final String ADDON_CANCEL = "ADDON_CANCEL";
    /** Vendor event types whose outcome billing-service applies to a subscription. */
    public static final Set<String> SUBSCRIPTION_VENDOR_EVENTS = Set.of(SUBSCRIPTION_ORDER, SUBSCRIPTION_CHANGE,
            SUBSCRIPTION_CANCEL, USER_ASSIGNMENT, USER_UNASSIGNMENT, ADDON_ORDER, ADDON_CHANGE, ADDON_CANCEL);

    /**
     * The subscription event an add-on event is on the vendor's side: AppDirect's vendor library (1.42) takes an add-on
     * order or cancel as SUBSCRIPTION_ORDER / SUBSCRIPTION_CANCEL whose {@code payload.account.parentAccountIdentifier}
     * is set, and an add-on change as SUBSCRIPTION_CHANGE; it answers its own ADDON_* types "Unsupported event type".
     * Any other type is returned unchanged.
     */
    public static String subscriptionTypeOf(String type) {
        if (type == null) {
            return null;
        }
        return switch (type) {
            case ADDON_ORDER -> SUBSCRIPTION_ORDER;
            case ADDON_CHANGE -> SUBSCRIPTION_CHANGE;
            case ADDON_CANCEL -> SUBSCRIPTION_CANCEL;
            default -> type;
        };
    }

    /** catalog-service: a test call of a vendor's event URL (notification-service sends it flagged DEVELOPMENT). */
    public static final String VENDOR_PING = "VENDOR_PING";
    /** notification-service → billing-service: a vendor's final answer to an event ({@code VendorResult}). */
    public static final String VENDOR_EVENT_RESULT = "VENDOR_EVENT_RESULT";
    /** notification-service: delivery gave up; an operator must resolve the event. */
    public static final String VENDOR_EVENT_PARKED = "VENDOR_EVENT_PARKED";

    /** Suffixes billing-service adds to a vendor event type once its outcome is applied. */
    public static String succeeded(String vendorEventType) {
        return vendorEventType + "_SUCCEEDED";
    }

    public static String failed(String vendorEventType) {
        return vendorEventType + "_FAILED";
    }

    // account-service
    public static final String COMPANY_CREATED = "COMPANY_CREATED";
    public static final String COMPANY_UPDATED = "COMPANY_UPDATED";
    public static final String COMPANY_PATCHED = "COMPANY_PATCHED";
    public static final String COMPANY_DELETED = "COMPANY_DELETED";
    public static final String MEMBERSHIP_CREATED = "MEMBERSHIP_CREATED";
    public static final String MEMBERSHIP_UPDATED = "MEMBERSHIP_UPDATED";
    public static final String MEMBERSHIP_DELETED = "MEMBERSHIP_DELETED";
    public static final String MEMBERSHIP_ENABLED = "MEMBERSHIP_ENABLED";
    public static final String MEMBERSHIP_DISABLED = "MEMBERSHIP_DISABLED";
    public static final String MEMBERSHIP_INVITED = "MEMBERSHIP_INVITED";
    public static final String MEMBERSHIP_ROLES_UPDATED = "MEMBERSHIP_ROLES_UPDATED";
    public static final String PURCHASE_REQUESTED = "PURCHASE_REQUESTED";
    public static final String GROUP_CREATED = "GROUP_CREATED";
    public static final String GROUP_UPDATED = "GROUP_UPDATED";
    public static final String GROUP_DELETED = "GROUP_DELETED";
    public static final String GROUP_MEMBER_ADDED = "GROUP_MEMBER_ADDED";
    public static final String GROUP_MEMBER_REMOVED = "GROUP_MEMBER_REMOVED";
    public static final String GROUP_APP_ASSIGNMENT_REQUESTED = "GROUP_APP_ASSIGNMENT_REQUESTED";
    public static final String DOMAIN_ADDED = "DOMAIN_ADDED";
    public static final String DOMAIN_VERIFIED = "DOMAIN_VERIFIED";
    public static final String DOMAIN_REMOVED = "DOMAIN_REMOVED";
    public static final String INVITATION_CREATED = "INVITATION_CREATED";
    public static final String INVITATION_REVOKED = "INVITATION_REVOKED";
    public static final String INVITATION_ACCEPTED = "INVITATION_ACCEPTED";
    /** A user's own details changed (name, email, locale, external id); USER_UPDATED goes to their products' vendors. */
    public static final String USER_CHANGED = "USER_CHANGED";
    /** A user created without a password set one through their activation link. */
    public static final String USER_ACTIVATED = "USER_ACTIVATED";
    /** A membership delete was refused; carries the FAILED_TO_REMOVE_USER* email to the administrator who asked. */
    public static final String MEMBERSHIP_REMOVAL_REFUSED = "MEMBERSHIP_REMOVAL_REFUSED";

    // reseller-service: a company linked to a reseller when the reseller created it, and associations made later
    public static final String RESELLER_COMPANY_LINKED = "RESELLER_COMPANY_LINKED";
    public static final String RESELLER_COMPANY_UNLINKED = "RESELLER_COMPANY_UNLINKED";
    public static final String COMPANY_ASSOCIATION_CREATED = "COMPANY_ASSOCIATION_CREATED";
    public static final String COMPANY_ASSOCIATION_REMOVED = "COMPANY_ASSOCIATION_REMOVED";

    // catalog-service
    public static final String PRODUCT_CREATED = "PRODUCT_CREATED";
    public static final String PRODUCT_UPDATED = "PRODUCT_UPDATED";
    public static final String EDITION_CREATED = "EDITION_CREATED";
    public static final String EDITION_UPDATED = "EDITION_UPDATED";
    public static final String PAYMENT_PLAN_CREATED = "PAYMENT_PLAN_CREATED";
    public static final String PRODUCT_INTEGRATION_UPDATED = "PRODUCT_INTEGRATION_UPDATED";
    public static final String PRODUCT_CREDENTIALS_ROTATED = "PRODUCT_CREDENTIALS_ROTATED";
    public static final String PRODUCT_PUBLISHED = "PRODUCT_PUBLISHED";
    public static final String PRODUCT_UNPUBLISHED = "PRODUCT_UNPUBLISHED";
    public static final String PRODUCT_SETTINGS_UPDATED = "PRODUCT_SETTINGS_UPDATED";
    public static final String SHIPPING_ZONE_CREATED = "SHIPPING_ZONE_CREATED";
    public static final String SHIPPING_ZONE_UPDATED = "SHIPPING_ZONE_UPDATED";
    /** A product's vendor published (or replaced) a content resource for customer search. */
    public static final String CONTENT_EVENT_PUBLISHED = "CONTENT_EVENT_PUBLISHED";
    /** A product's vendor removed a content resource from customer search. */
    public static final String CONTENT_RESOURCE_DELETED = "CONTENT_RESOURCE_DELETED";

    // lead-service
    public static final String LEAD_CREATED = "LEAD_CREATED";
    public static final String LEAD_UPDATED = "LEAD_UPDATED";
    public static final String LEAD_ASSIGNED = "LEAD_ASSIGNED";
    public static final String LEAD_ASSOCIATED = "LEAD_ASSOCIATED";
    public static final String LEAD_CONVERSION_REQUESTED = "LEAD_CONVERSION_REQUESTED";
    public static final String LEAD_CONVERSION_APPROVED = "LEAD_CONVERSION_APPROVED";
    public static final String LEAD_CONVERTED = "LEAD_CONVERTED";
    public static final String LEAD_DELETED = "LEAD_DELETED";
    public static final String LEAD_DISQUALIFIED = "LEAD_DISQUALIFIED";
    /** The anonymous leads held for one address during its interval, in one SALES_LEAD_DIGEST message. */
    public static final String LEAD_NOTICE_DIGEST = "LEAD_NOTICE_DIGEST";

    // billing-service: money
    public static final String EXCHANGE_RATE_CREATED = "EXCHANGE_RATE_CREATED";
    public static final String EXCHANGE_RATE_DEACTIVATED = "EXCHANGE_RATE_DEACTIVATED";
    public static final String DISCOUNT_CREATED = "DISCOUNT_CREATED";
    public static final String DISCOUNT_UPDATED = "DISCOUNT_UPDATED";
    public static final String DISCOUNT_DELETED = "DISCOUNT_DELETED";
    /** A discount stopped applying to new orders: an order took its last redemption. */
    public static final String DISCOUNT_DEACTIVATED = "DISCOUNT_DEACTIVATED";
    /** A user was not assigned to a subscription: every seat it bought is taken; its payload tells the buyer. */
    public static final String USER_ASSIGNMENT_REFUSED = "USER_ASSIGNMENT_REFUSED";
    /** An invoice was issued; its payload carries the INVOICE email to the buyer. */
    public static final String INVOICE_CREATED = "INVOICE_CREATED";
    public static final String INVOICE_VOIDED = "INVOICE_VOIDED";
    /** A payment of an invoice was recorded: PAYMENT_SUCCESSFUL or PAYMENT_FAILED email to the buyer. */
    public static final String INVOICE_PAYMENT_SUCCEEDED = "INVOICE_PAYMENT_SUCCEEDED";
    public static final String INVOICE_PAYMENT_FAILED = "INVOICE_PAYMENT_FAILED";
    /** An invoice could not be charged: its buyer has no card on file (CREDIT_CARD_REQUIRED email to the buyer). */
    public static final String INVOICE_PAYMENT_CARD_REQUIRED = "INVOICE_PAYMENT_CARD_REQUIRED";
    /** A card on file expires soon (billing's collection): EXPIRED_CREDIT_CARD email to its user, once per card. */
    public static final String PAYMENT_METHOD_EXPIRING = "PAYMENT_METHOD_EXPIRING";
    public static final String USAGE_RECORDED = "USAGE_RECORDED";
}
