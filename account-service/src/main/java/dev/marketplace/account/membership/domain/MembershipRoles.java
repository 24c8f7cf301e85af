package dev.marketplace.account.membership.domain;

import java.util.Set;

/** The roles a membership can carry (spec §2) and the rules about granting them. */
public final class MembershipRoles {
    public static final String COMPANY_ADMIN = "ROLE_SYS_ADMIN";
    public static final String MARKETPLACE_MANAGER = "ROLE_CHANNEL_ADMIN";
    public static final String USER = "ROLE_USER";

    public static final Set<String> ALL = Set.of("ROLE_USER", "ROLE_SYS_ADMIN", "ROLE_BILLING_ADMIN", "ROLE_DEVELOPER",
            "ROLE_CHANNEL_ADMIN", "ROLE_CHANNEL_PRODUCT_SUPPORT", "ROLE_SALES_SUPPORT", "ROLE_RESELLER_MANAGER",
            "ROLE_RESELLER", "ROLE_CHANNEL_SUPPORT");

    private MembershipRoles() {
    }
}
