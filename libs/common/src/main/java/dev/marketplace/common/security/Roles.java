package dev.marketplace.common.security;

/** The authorities of the API as they appear in tokens and {@code @RolesAllowed}. */
public final class Roles {
    public static final String PARTNER = "ROLE_PARTNER";
    public static final String PARTNER_READ = "ROLE_PARTNER_READ";
    public static final String CHANNEL_ADMIN = "ROLE_CHANNEL_ADMIN";
    public static final String SUPER_SUPPORT = "ROLE_SUPER_SUPPORT";
    public static final String SYS_ADMIN = "ROLE_SYS_ADMIN";
    public static final String BILLING_ADMIN = "ROLE_BILLING_ADMIN";
    public static final String DEVELOPER = "ROLE_DEVELOPER";
    /** A marketplace's product support agent: reads and updates product settings. */
    public static final String CHANNEL_PRODUCT_SUPPORT = "ROLE_CHANNEL_PRODUCT_SUPPORT";
    public static final String USER = "ROLE_USER";
    /** A reseller: acts for the reseller companies it belongs to (reseller-service, context RESELLER). */
    public static final String RESELLER = "ROLE_RESELLER";
    /** Manages the marketplace's resellers and referrals (reseller-service, context RESELLER_MANAGER). */
    public static final String RESELLER_MANAGER = "ROLE_RESELLER_MANAGER";
    /** Vendor credentials of one product (docs/architecture.md, "Identity"). */
    public static final String VENDOR = "ROLE_VENDOR";
    /**
     * The gateway's token for an unsigned "contact us" form: it may only create a PRODUCT or COMPANY lead of the partner
     * the token names (lead-service), nothing else.
     */
    public static final String ANONYMOUS_LEAD = "ROLE_ANONYMOUS_LEAD";

    private Roles() {
    }
}
