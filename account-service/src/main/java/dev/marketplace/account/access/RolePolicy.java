package dev.marketplace.account.access;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.input.Violations;
import io.smallrye.mutiny.Uni;

/**
 * Who may grant which role, for every way a role is given (creating, adding and inviting members, changing roles):
 * channel credentials grant every role but the Marketplace Manager's, a Company Administrator grants the company-level
 * roles in their company, anyone else nothing. The Marketplace Manager role is never granted through the API, and
 * ROLE_USER only when a membership is created.
 */
@ApplicationScoped
public class RolePolicy {
    /** Role spelling of invitations (AppDirect's names without the ROLE_ prefix). */
    public static final Set<String> INVITATION_ROLES = Set.of("USER", "APPLICATION", "PARTNER", "PARTNER_READ", "COMPANY",
            "CLIENT", "CHECKOUT_USER", "BILLING_ADMIN", "SYS_ADMIN", "DEVELOPER", "CHANNEL_PRODUCT_SUPPORT", "CHANNEL_SUPPORT",
            "CHANNEL_ADMIN", "CORPORATE_ADMIN", "SUPERUSER", "SUPER_SUPPORT", "ANALYTICS_ADMIN", "LAYOUT_DESIGNER",
            "SALES_SUPPORT", "RESTRICTED_SALES_SUPPORT", "RESELLER", "RESELLER_MANAGER", "TESTER", "MONITORING", "SYSTEM");

    /** Why an invitation's role is refused: {@code type} is the invitation error type (PARSE_ERROR, ROLE_NOT_ALLOWED). */
    public record Refusal(String type, String message) {
    }

    private final CompanyAccess access;

    public RolePolicy(CompanyAccess access) {
        this.access = access;
    }

    /** Unknown roles are refused, the Marketplace Manager role is never granted, ROLE_USER only on creation. */
    public static void checkRoles(String field, Collection<String> roles, boolean creating, Violations problems) {
        for (String role : roles) {
            if (role == null || !MembershipRoles.ALL.contains(role)) {
                problems.add(field, "unknown role " + role + "; use one of " + String.join(", ", MembershipRoles.CHANNEL_GRANTABLE));
            } else if (MembershipRoles.MARKETPLACE_MANAGER.equals(role)) {
                problems.add(field, "the Marketplace Manager role (ROLE_CHANNEL_ADMIN) cannot be granted through the API");
            } else if (MembershipRoles.USER.equals(role) && !creating) {
                problems.add(field, "ROLE_USER can only be given when a membership is created");
            }
        }
    }

    /** The roles the caller (the calling user, or channel credentials) may give in {@code company}. */
    public Uni<List<String>> grantable(UUID company) {
        if (access.channelWriter()) {
            return Uni.createFrom().item(MembershipRoles.CHANNEL_GRANTABLE);
        }
        return access.callerIsCompanyAdmin(company).map(admin -> admin ? MembershipRoles.COMPANY_GRANTABLE : List.of());
    }

    /** 403 unless the caller may give every one of {@code roles} in {@code company}. */
    public Uni<Void> requireGrantable(UUID company, Collection<String> roles) {
        return grantable(company).invoke(allowed -> {
            if (!allowed.containsAll(roles)) {
                throw ApiException.forbidden();
            }
        }).replaceWithVoid();
    }

    /**
     * Roles a membership can assign to others: a Marketplace Manager every role but their own, a Company Administrator
     * the company-level roles, anyone else none (a disabled membership assigns nothing).
     */
    public static List<String> assignableBy(List<String> roles, boolean enabled) {
        List<String> held = enabled ? roles : List.of();
        if (held.contains(MembershipRoles.MARKETPLACE_MANAGER)) {
            return MembershipRoles.CHANNEL_GRANTABLE;
        }
        return held.contains(MembershipRoles.COMPANY_ADMIN) ? MembershipRoles.COMPANY_GRANTABLE : List.of();
    }

    /** The role an invitation names, in its spelling: the one asked for, else the company's default role. */
    public static String invitationRole(String asked, String companyDefaultRole) {
        return asked == null ? MembershipRoles.shortName(MembershipRoles.defaultRole(companyDefaultRole))
                : MembershipRoles.shortName(asked.trim().toUpperCase(Locale.ROOT));
    }

    /** The role an invitation shows for a membership: the most privileged one granted. */
    public static String invitationRole(List<String> roles) {
        for (String preferred : List.of(MembershipRoles.COMPANY_ADMIN, MembershipRoles.BILLING_ADMIN)) {
            if (roles.contains(preferred)) {
                return MembershipRoles.shortName(preferred);
            }
        }
        return roles.isEmpty() ? "USER" : MembershipRoles.shortName(roles.get(0));
    }

    /**
     * Why {@code role} (invitation spelling; {@code asked} as the client wrote it) may not be given by an invitation of a
     * caller who may grant {@code grantable}; null when it may.
     */
    public static Refusal invitationRefusal(String role, String asked, List<String> grantable) {
        if (!INVITATION_ROLES.contains(role)) {
            return new Refusal("PARSE_ERROR", "unknown role " + asked);
        }
        if ("CHANNEL_ADMIN".equals(role)) {
            return new Refusal("ROLE_NOT_ALLOWED", "the Marketplace Manager role (CHANNEL_ADMIN) cannot be set through the API");
        }
        if (!MembershipRoles.ALL.contains("ROLE_" + role)) {
            return new Refusal("ROLE_NOT_ALLOWED", role + " is not a company membership role");
        }
        if (!grantable.contains("ROLE_" + role)) {
            return new Refusal("ROLE_NOT_ALLOWED", "you may not grant " + role);
        }
        return null;
    }
}
