package dev.marketplace.account.access;

import java.util.List;
import java.util.Set;

/** The roles a membership can carry, and which of them channel credentials and Company Administrators grant ({@link RolePolicy}). */
public final class MembershipRoles {
    public static final String COMPANY_ADMIN = "ROLE_SYS_ADMIN";
    public static final String BILLING_ADMIN = "ROLE_BILLING_ADMIN";
    public static final String MARKETPLACE_MANAGER = "ROLE_CHANNEL_ADMIN";
    public static final String USER = "ROLE_USER";

    public static final Set<String> ALL = Set.of("ROLE_USER", "ROLE_SYS_ADMIN", "ROLE_BILLING_ADMIN", "ROLE_DEVELOPER",
            "ROLE_CHANNEL_ADMIN", "ROLE_CHANNEL_PRODUCT_SUPPORT", "ROLE_SALES_SUPPORT", "ROLE_RESELLER_MANAGER",
            "ROLE_RESELLER", "ROLE_CHANNEL_SUPPORT");

    /** What channel credentials may grant, in display order: every role but the Marketplace Manager. */
    public static final List<String> CHANNEL_GRANTABLE = List.of("ROLE_USER", "ROLE_SYS_ADMIN", "ROLE_BILLING_ADMIN",
            "ROLE_DEVELOPER", "ROLE_CHANNEL_PRODUCT_SUPPORT", "ROLE_SALES_SUPPORT", "ROLE_RESELLER_MANAGER", "ROLE_RESELLER",
            "ROLE_CHANNEL_SUPPORT");

    /** What a Company Administrator may grant in their company: the company-level roles. */
    public static final List<String> COMPANY_GRANTABLE = List.of("ROLE_USER", "ROLE_SYS_ADMIN", "ROLE_BILLING_ADMIN",
            "ROLE_DEVELOPER");

    private MembershipRoles() {
    }

    /** The role a company gives new members: its default role, or ROLE_USER. */
    public static String defaultRole(String companyDefault) {
        if (companyDefault == null || companyDefault.isBlank() || "USER".equals(companyDefault)) {
            return USER;
        }
        return companyDefault.startsWith("ROLE_") ? companyDefault : "ROLE_" + companyDefault;
    }

    /** {@code ROLE_SYS_ADMIN} → {@code SYS_ADMIN} (the invitation and assignable-role spelling). */
    public static String shortName(String role) {
        return role.startsWith("ROLE_") ? role.substring(5) : role;
    }
}
