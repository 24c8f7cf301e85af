package dev.marketplace.notification.template.domain;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the service knows about each template type: the placeholders rendering fills (CONTRIBUTING.md, "Notifications
 * carried by events"), which types are marketing email (they get the UNSUBSCRIBE element), which types are required
 * (cannot be switched off without a fallback), and the category/audience/reminder shown in template definitions.
 */
public final class TemplateCatalog {
    /** Filled for every type: the marketplace's display name and the partner code. */
    public static final List<String> COMMON_PARAMETERS = List.of("marketplaceName", "partner");

    private static final Map<NotificationTemplateType, List<String>> PARAMETERS = new EnumMap<>(NotificationTemplateType.class);

    static {
        put(NotificationTemplateType.INVITE_USER, "companyName", "inviterName", "email", "role", "invitationUrl");
        put(NotificationTemplateType.ACTIVE_USER_TEMP_PASSWORD, "firstName", "lastName", "email", "companyName",
                "temporaryPassword", "loginUrl");
        put(NotificationTemplateType.NEW_USER, "firstName", "lastName", "email", "companyName");
        put(NotificationTemplateType.ACCOUNT_ACTIVATION, "firstName", "email", "companyName", "activationUrl");
        put(NotificationTemplateType.APPLICATION_PURCHASE_REQUEST_NOTICE, "companyName", "requesterName", "requesterEmail",
                "productName", "message");
        put(NotificationTemplateType.SUBSCRIPTION_ORDER, "firstName", "companyName", "productName", "editionName", "orderId");
        put(NotificationTemplateType.SUBSCRIPTION_CANCEL, "firstName", "companyName", "productName", "editionName", "orderId");
        put(NotificationTemplateType.SUBSCRIPTION_SUSPENDED, "firstName", "companyName", "productName", "editionName", "orderId");
        put(NotificationTemplateType.SUBSCRIPTION_SUSPENDED_OVERDUE_INVOICE, "firstName", "companyName", "productName",
                "editionName", "orderId");
        put(NotificationTemplateType.INVOICE, "companyName", "invoiceNumber", "amount", "currency", "dueDate");
        put(NotificationTemplateType.PAYMENT_SUCCESSFUL, "companyName", "invoiceNumber", "amount", "currency");
        put(NotificationTemplateType.PAYMENT_FAILED, "companyName", "invoiceNumber", "amount", "currency");
        put(NotificationTemplateType.CREDIT_CARD_REQUIRED, "companyName", "invoiceNumber", "amount", "currency",
                "paymentMethodsUrl");
        put(NotificationTemplateType.REFUND, "companyName", "invoiceNumber", "amount", "currency");
        put(NotificationTemplateType.EXPIRED_CREDIT_CARD, "firstName", "companyName", "brand", "last4", "expirationMonth",
                "expirationYear", "paymentMethodsUrl");
        put(NotificationTemplateType.SALES_LEAD_CREATED, "leadId", "companyName", "contactName", "contactEmail", "productName");
        put(NotificationTemplateType.SALES_LEAD_DIGEST, "leadCount", "leads");
        put(NotificationTemplateType.SALES_LEAD_ASSIGNED, "leadId", "companyName", "contactName", "contactEmail", "productName",
                "recipientName");
        put(NotificationTemplateType.LEAD_CONVERTED_ADMIN, "leadId", "companyName", "contactName", "contactEmail",
                "productName", "convertedCompanyId", "convertedCompanyName");
        put(NotificationTemplateType.MANUAL_EVENT_RESOLUTION, "eventId", "eventType", "productName", "companyName", "lastError");
        put(NotificationTemplateType.RESELLER_LINKED, "resellerName", "customerName");
    }

    static {
        // account-service's user messages (issue 45): UserChanges and RemovalRefusals send exactly these
        put(NotificationTemplateType.PRIMARY_EMAIL_CHANGED_NOTICE, "firstName", "oldEmail", "email");
        put(NotificationTemplateType.FAILED_TO_REMOVE_USER, "firstName", "userName", "userEmail", "companyName", "reason");
        put(NotificationTemplateType.FAILED_TO_REMOVE_USER_HAS_ACTIVE_OR_PENDING_APPS, "firstName", "userName", "userEmail",
                "companyName");
        put(NotificationTemplateType.FAILED_TO_REMOVE_USER_OWNS_APPS, "firstName", "userName", "userEmail", "companyName");
    }

    static {
        // reseller-service sends it with the same parameters as RESELLER_LINKED (AssociationService.notifications)
        put(NotificationTemplateType.RESELLER_UNLINKED, "resellerName", "customerName");
    }

    static {
        // billing-service: vendor outcomes, assignments and discounts (subscription.service.OutcomeNotices,
        // discount.service.DiscountNotices); the reseller types replace SUBSCRIPTION_ORDER / SUBSCRIPTION_UPGRADE
        // when the buyer acted as a reseller, with the same parameters
        put(NotificationTemplateType.ASSIGNMENT_NOTICE, "firstName", "companyName", "productName", "editionName");
        put(NotificationTemplateType.UNASSIGNMENT_NOTICE, "firstName", "companyName", "productName", "editionName");
        put(NotificationTemplateType.FAILED_ORDER, "firstName", "companyName", "productName", "editionName", "orderId",
                "errorMessage");
        put(NotificationTemplateType.SUBSCRIPTION_UPGRADE, "firstName", "companyName", "productName", "editionName",
                "orderId", "previousEditionName");
        put(NotificationTemplateType.SUBSCRIPTION_ORDER_RESELLER, "firstName", "companyName", "productName",
                "editionName", "orderId");
        put(NotificationTemplateType.SUBSCRIPTION_CHANGE_RESELLER, "firstName", "companyName", "productName",
                "editionName", "orderId", "previousEditionName");
        put(NotificationTemplateType.DISCOUNT_DEACTIVATED, "discountCode", "description", "reason");
        // lead-service (lead.service.LeadNotifications): the lead's own parameters, as SALES_LEAD_CREATED's
        put(NotificationTemplateType.SALES_LEAD_ACCEPTED, "leadId", "companyName", "contactName", "contactEmail",
                "productName", "recipientName");
        put(NotificationTemplateType.SALES_LEAD_DENIED, "leadId", "companyName", "contactName", "contactEmail",
                "productName", "recipientName");
        put(NotificationTemplateType.SALES_LEAD_WON, "leadId", "companyName", "contactName", "contactEmail", "productName",
                "recipientName");
        put(NotificationTemplateType.SALES_LEAD_LOST, "leadId", "companyName", "contactName", "contactEmail", "productName",
                "recipientName");
        put(NotificationTemplateType.LEAD_MANUAL_CREATED_RESELLER, "leadId", "companyName", "contactName", "contactEmail",
                "productName", "creatorName");
        put(NotificationTemplateType.LEAD_MANUAL_CREATED_DEVELOPER, "leadId", "companyName", "contactName", "contactEmail",
                "productName", "creatorName");
        put(NotificationTemplateType.LEAD_REFERRED_COMPANY_RESELLER, "leadId", "companyName", "contactName",
                "contactEmail", "productName");
    }

    /**
     * The types a service of this suite sends today (docs/notifications.md, status "produced"): each must have an
     * English default, which DefaultTemplatesTest checks with the parameters above.
     */
    private static final Set<NotificationTemplateType> PRODUCED = EnumSet.of(
            NotificationTemplateType.INVITE_USER,
            NotificationTemplateType.ACTIVE_USER_TEMP_PASSWORD,
            NotificationTemplateType.APPLICATION_PURCHASE_REQUEST_NOTICE,
            NotificationTemplateType.SUBSCRIPTION_ORDER,
            NotificationTemplateType.SUBSCRIPTION_CANCEL,
            NotificationTemplateType.INVOICE,
            NotificationTemplateType.PAYMENT_SUCCESSFUL,
            NotificationTemplateType.PAYMENT_FAILED,
            NotificationTemplateType.CREDIT_CARD_REQUIRED,
            NotificationTemplateType.REFUND,
            NotificationTemplateType.EXPIRED_CREDIT_CARD,
            NotificationTemplateType.SUBSCRIPTION_SUSPENDED,
            NotificationTemplateType.SUBSCRIPTION_SUSPENDED_OVERDUE_INVOICE,
            NotificationTemplateType.SALES_LEAD_CREATED,
            NotificationTemplateType.SALES_LEAD_ASSIGNED,
            NotificationTemplateType.SALES_LEAD_DIGEST,
            NotificationTemplateType.LEAD_CONVERTED_ADMIN,
            NotificationTemplateType.MANUAL_EVENT_RESOLUTION,
            NotificationTemplateType.RESELLER_LINKED,
            NotificationTemplateType.RESELLER_UNLINKED,
            // account-service's user messages (issue 45)
            NotificationTemplateType.NEW_USER,
            NotificationTemplateType.WELCOME_USER,
            NotificationTemplateType.ACCOUNT_ACTIVATION,
            NotificationTemplateType.PRIMARY_EMAIL_CHANGED_NOTICE,
            NotificationTemplateType.FAILED_TO_REMOVE_USER,
            NotificationTemplateType.FAILED_TO_REMOVE_USER_HAS_ACTIVE_OR_PENDING_APPS,
            NotificationTemplateType.FAILED_TO_REMOVE_USER_OWNS_APPS,
            // billing-service and lead-service messages (issue 45)
            NotificationTemplateType.ASSIGNMENT_NOTICE,
            NotificationTemplateType.UNASSIGNMENT_NOTICE,
            NotificationTemplateType.FAILED_ORDER,
            NotificationTemplateType.SUBSCRIPTION_UPGRADE,
            NotificationTemplateType.SUBSCRIPTION_ORDER_RESELLER,
            NotificationTemplateType.SUBSCRIPTION_CHANGE_RESELLER,
            NotificationTemplateType.DISCOUNT_DEACTIVATED,
            NotificationTemplateType.SALES_LEAD_ACCEPTED,
            NotificationTemplateType.SALES_LEAD_DENIED,
            NotificationTemplateType.SALES_LEAD_WON,
            NotificationTemplateType.SALES_LEAD_LOST,
            NotificationTemplateType.LEAD_MANUAL_CREATED_RESELLER,
            NotificationTemplateType.LEAD_MANUAL_CREATED_DEVELOPER,
            NotificationTemplateType.LEAD_REFERRED_COMPANY_RESELLER);

    static {
        // billing-service: the buyer's email of an add-on order (AddonSubscriptions), the order's parameters and its parent's product
        put(NotificationTemplateType.SUBSCRIPTION_ORDER_MODULE, "firstName", "companyName", "productName", "editionName",
                "orderId", "parentProductName");
        PRODUCED.add(NotificationTemplateType.SUBSCRIPTION_ORDER_MODULE);
    }

    static {
        // billing-service: an assignment refused because every USER seat of the subscription is taken, to its buyer (SeatLimits)
        put(NotificationTemplateType.ASSIGNED_USERS_LIMIT, "firstName", "companyName", "productName", "editionName",
                "usersLimit", "userEmail");
        PRODUCED.add(NotificationTemplateType.ASSIGNED_USERS_LIMIT);
    }

    static {
        // account-service: instead of ACCOUNT_ACTIVATION to a user a reseller created in a customer company
        // (onboarding.service.AssistedOnboarding), with the same link and the reseller company's name
        put(NotificationTemplateType.ACCOUNT_ACTIVATION_CREATED_BY_ASSISTED_SALES, "firstName", "email", "companyName",
                "resellerName", "activationUrl");
        PRODUCED.add(NotificationTemplateType.ACCOUNT_ACTIVATION_CREATED_BY_ASSISTED_SALES);
    }

    private static final Set<NotificationTemplateType> MARKETING = EnumSet.of(
            NotificationTemplateType.WELCOME_USER,
            NotificationTemplateType.INACTIVE_USER_LOGIN_REMINDER,
            NotificationTemplateType.INACTIVE_USER_PURCHASE_REMINDER,
            NotificationTemplateType.REGISTRATION_REMINDER,
            NotificationTemplateType.REVIEW_PURCHASE_REMINDER,
            NotificationTemplateType.EXPIRED_TRIAL_UPGRADE_REMINDER,
            NotificationTemplateType.FREE_TRIAL_OVER,
            NotificationTemplateType.UPDATED_DOWNLOAD,
            NotificationTemplateType.PRODUCT_ADDED,
            NotificationTemplateType.CUSTOM_AD_HOC);

    private static final Set<NotificationTemplateType> REQUIRED = EnumSet.of(
            NotificationTemplateType.ACCOUNT_ACTIVATION,
            NotificationTemplateType.BRANDED_ACCOUNT_ACTIVATION,
            NotificationTemplateType.ACCOUNT_ACTIVATION_CREATED_BY_ASSISTED_SALES,
            NotificationTemplateType.NEW_USER,
            NotificationTemplateType.INVITE_USER,
            NotificationTemplateType.ACTIVE_USER_TEMP_PASSWORD,
            NotificationTemplateType.PASSWORD_RESET,
            NotificationTemplateType.EMAIL_VERIFICATION,
            NotificationTemplateType.TWO_FACTOR_AUTHENTICATION_EMAIL);

    private TemplateCatalog() {
    }

    private static void put(NotificationTemplateType type, String... names) {
        PARAMETERS.put(type, List.of(names));
    }

    /** Exactly the names rendering of {@code type} fills: the type's own parameters, then the common ones. */
    public static List<String> parameters(NotificationTemplateType type) {
        Set<String> names = new LinkedHashSet<>(PARAMETERS.getOrDefault(type, List.of()));
        names.addAll(COMMON_PARAMETERS);
        return Collections.unmodifiableList(new ArrayList<>(names));
    }

    /** The types some service of the suite sends (see {@link #PRODUCED}). */
    public static Set<NotificationTemplateType> produced() {
        return Collections.unmodifiableSet(PRODUCED);
    }

    public static boolean isMarketing(NotificationTemplateType type) {
        return MARKETING.contains(type);
    }

    public static boolean isRequired(NotificationTemplateType type) {
        return REQUIRED.contains(type);
    }

    /** AppDirect NotificationTemplateCategory, by the type's name. */
    public static String category(NotificationTemplateType type) {
        String n = type.name();
        if (n.startsWith("DOMAIN_REGISTRATION") || n.equals("REACTIVATE_DOMAIN")) {
            return "DOMAIN_REGISTRATION";
        }
        if (n.startsWith("RESELLER_") || n.startsWith("SALES_") || n.startsWith("LEAD_") || n.startsWith("WHOLESALE")
                || n.equals("PRODUCT_PROFILE_LEAD_CREATED") || n.endsWith("_RESELLER")) {
            return "ASSISTED_SALES";
        }
        if (n.equals("INVOICE") || n.startsWith("PAYMENT_") || n.equals("REFUND") || n.contains("CREDIT_CARD")
                || n.equals("SUBSCRIPTION_SUSPENDED_OVERDUE_INVOICE") || n.equals("OFF_PURCHASE_ORDER")) {
            return "BILLING";
        }
        if (n.contains("MARKETPLACE") || n.contains("REPORT")) {
            return "MARKETPLACE";
        }
        if (n.startsWith("VENDOR_") || n.contains("PUBLISH") || n.equals("MANUAL_EVENT_RESOLUTION")
                || n.startsWith("PRODUCT_") || n.equals("QUESTION_ASKED") || n.equals("API_ALERT")) {
            return "VENDORS";
        }
        if (n.startsWith("SUBSCRIPTION_") || n.contains("ASSIGN") || n.startsWith("APPLICATION_") || n.contains("TRIAL")
                || n.contains("ORDER") || n.contains("CONTRACT") || n.contains("APPLICATION") || n.contains("PURCHASE")
                || n.contains("DOWNLOAD") || n.contains("REVIEW") || n.contains("ADOPTION") || n.contains("CANCEL")) {
            return "PRODUCTS";
        }
        if (n.contains("ACCOUNT") || n.contains("USER") || n.contains("PASSWORD") || n.contains("EMAIL")
                || n.contains("LOGIN") || n.contains("REGISTRATION") || n.equals("IMPERSONATE_REQUEST")
                || n.equals("CHANGE_OWNERSHIP")) {
            return "ACCOUNTS";
        }
        return "MISC";
    }

    /** AppDirect NotificationAudienceType: who typically receives a message of this type. */
    public static String audience(NotificationTemplateType type) {
        return switch (type) {
            case ACCOUNT_ACTIVATION, ACCOUNT_ACTIVATION_AFTER_MIGRATION, BRANDED_ACCOUNT_ACTIVATION,
                    ACCOUNT_ACTIVATION_CREATED_BY_ASSISTED_SALES, ACTIVE_USER_TEMP_PASSWORD, NEW_USER, INVITE_USER -> "NEW_USER";
            case MANUAL_EVENT_RESOLUTION -> "CHANNEL_ADMIN";
            case APPLICATION_PURCHASE_REQUEST_NOTICE, INVOICE, PAYMENT_SUCCESSFUL, PAYMENT_FAILED, CREDIT_CARD_REQUIRED,
                    REFUND -> "COMPANY_ADMIN";
            default -> switch (category(type)) {
                case "VENDORS" -> "PRODUCT_OWNER";
                case "ASSISTED_SALES" -> "RESELLER";
                case "MARKETPLACE" -> "CHANNEL_ADMIN";
                default -> "EXISTING_USER";
            };
        };
    }

    /** AppDirect NotificationReminderType. */
    public static String reminder(NotificationTemplateType type) {
        String n = type.name();
        if (n.equals("SCHEDULED_CANCELLATION_REMINDER") || n.equals("EXPIRED_TRIAL_UPGRADE_REMINDER")) {
            return "BEFORE";
        }
        return n.contains("REMINDER") ? "AFTER" : "NONE";
    }
}
