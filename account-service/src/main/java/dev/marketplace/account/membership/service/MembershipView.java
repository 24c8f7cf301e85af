package dev.marketplace.account.membership.service;

import java.net.URI;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;

import dev.marketplace.account.company.domain.Company;
import dev.marketplace.account.membership.domain.Membership;
import dev.marketplace.account.user.domain.AppUser;
import dev.marketplace.account.user.service.UserView;
import dev.marketplace.common.paging.Link;

/** A membership as the API answers it: the user, the company (unless left out), enabled, roles. */
public record MembershipView(UserView user, @JsonInclude(JsonInclude.Include.NON_NULL) CompanySummary company,
        boolean enabled, boolean lastUsed, List<String> roles, String status, String position, long createdOn,
        List<Link> links) {

    public record CompanySummary(UUID uuid, String name, String picture, boolean vendor, boolean reseller, String phoneNumber,
            String defaultRole, boolean enabled, boolean allowLogin, String externalId, List<Link> links) {
        public static CompanySummary of(Company c, URI baseUri) {
            String self = baseUri.resolve("api/account/v2/companies/" + c.uuid).toString();
            return new CompanySummary(c.uuid, c.name, c.hasPicture ? self + "/picture" : null, c.vendor, c.reseller,
                    c.phoneNumber, c.defaultRole, c.enabled, c.allowLogin, c.externalId,
                    List.of(new Link("self", self), new Link("memberships", self + "/memberships")));
        }
    }

    /** What to include: the company object, and the user's custom attributes. */
    public record Options(boolean includeCompanies, boolean includeUserCustomAttributes, URI baseUri) {
        /** What a change answers with: the company, not the user's custom attributes. */
        public static Options changed(URI baseUri) {
            return new Options(true, false, baseUri);
        }
    }

    public static MembershipView of(Membership m, AppUser u, Company c, Options options) {
        String company = options.baseUri().resolve("api/account/v2/companies/" + c.uuid).toString();
        String user = options.baseUri().resolve("api/account/v2/users/" + u.uuid).toString();
        return new MembershipView(UserView.of(u, options.includeUserCustomAttributes(), options.baseUri()),
                options.includeCompanies() ? CompanySummary.of(c, options.baseUri()) : null, m.enabled, m.lastUsed != null,
                List.copyOf(m.roles), m.status.name(), u.position, m.createdOn.toEpochMilli(),
                List.of(new Link("self", company + "/memberships/" + u.uuid), new Link("user", user),
                        new Link("company", company)));
    }
}
