package dev.marketplace.reseller.user.service;

import java.util.List;
import java.util.Set;
import java.util.UUID;

import dev.marketplace.common.paging.PageInfo;
import dev.marketplace.reseller.directory.domain.DirectoryCompany;
import dev.marketplace.reseller.directory.domain.DirectoryMembership;
import dev.marketplace.reseller.directory.domain.DirectoryUser;

/** The users API's answers (AppDirect's UserCreationResponse, UserPagedReadResponse and UserReadResponse). */
public final class UserViews {
    /** Roles that are user settings of the reseller API (AppResellerAccountUserSettingCode). */
    private static final Set<String> SETTING_ROLES = Set.of("BILLING_ADMIN", "SYS_ADMIN", "DEVELOPER", "TESTER",
            "CHANNEL_PRODUCT_SUPPORT", "CHANNEL_SUPPORT", "SALES_SUPPORT", "CHANNEL_ADMIN", "RESELLER_MANAGER", "RESELLER",
            "REFERRAL", "ODSA_SUPPORT");

    private UserViews() {
    }

    public record CompanySummary(UUID id, String externalId, String name, Long createdOn) {
    }

    /** One of the user's memberships: the company, whether it is enabled, the roles (without ROLE_). */
    public record Membership(CompanySummary company, boolean enabled, List<String> roles) {
    }

    /**
     * A user, listed with one of their companies ({@code companyId}). {@code activated}: can log in;
     * {@code invitationRequired}: has an invitation to accept before logging in; {@code enabled}: their membership of
     * {@code companyId} is enabled.
     */
    public record Item(UUID id, UUID companyId, String email, String firstName, String lastName, long createdOn,
            boolean activated, boolean invitationRequired, boolean enabled, List<Membership> memberships) {
    }

    /** The users listing: {@code content} and {@code page}, without links. */
    public record Page(List<Item> content, PageInfo page) {
    }

    /** A user's settings are the roles they hold in the company (READ: this API does not change roles). */
    public record Setting(String setting, String permission, String value) {
    }

    /**
     * A user's details in one company. Custom attributes (account-service keeps none for users), actions and available
     * roles (this API changes neither) are empty.
     */
    public record Details(UUID id, UUID companyId, String email, String firstName, String lastName, long createdOn,
            boolean activated, boolean invitationRequired, List<Membership> memberships, String partner, boolean enabled,
            List<Object> customAttributes, List<Setting> settings, List<String> actions, List<Object> availableRoles) {
    }

    static Item item(DirectoryUser u, DirectoryMembership listed, List<Membership> memberships) {
        return new Item(u.id, listed.companyId, u.email, u.firstName, u.lastName, u.createdOn.toEpochMilli(), u.activated(),
                DirectoryUser.INVITED.equals(u.status), listed.enabled, memberships);
    }

    static Details details(DirectoryUser u, DirectoryMembership membership, List<Membership> memberships) {
        List<Setting> settings = shortRoles(membership).stream().filter(SETTING_ROLES::contains)
                .map(role -> new Setting(role, "READ", "true")).toList();
        return new Details(u.id, membership.companyId, u.email, u.firstName, u.lastName, u.createdOn.toEpochMilli(),
                u.activated(), DirectoryUser.INVITED.equals(u.status), memberships, u.partner, membership.enabled, List.of(),
                settings, List.of(), List.of());
    }

    static Membership membership(DirectoryMembership m, DirectoryCompany company) {
        CompanySummary summary = company == null ? new CompanySummary(m.companyId, null, null, null)
                : new CompanySummary(company.id, company.externalId, company.name, company.createdOn.toEpochMilli());
        return new Membership(summary, m.enabled, shortRoles(m));
    }

    private static List<String> shortRoles(DirectoryMembership m) {
        return m.roleList().stream().map(r -> r.startsWith("ROLE_") ? r.substring(5) : r).toList();
    }
}
