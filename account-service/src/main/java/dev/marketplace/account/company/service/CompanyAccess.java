package dev.marketplace.account.company.service;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.company.domain.Company;
import dev.marketplace.account.membership.domain.MembershipRoles;
import dev.marketplace.account.membership.repository.MembershipRepository;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Caller;
import dev.marketplace.common.security.Roles;
import io.smallrye.mutiny.Uni;

/**
 * Who may do what with a company: channel credentials (partner, marketplace manager, super support) on every company of
 * their marketplace, read-only partner credentials read them, and a user acting through {@code xoauth_requestor_id}
 * reads the companies they belong to and changes those where they are Company Administrator. Nobody reaches another
 * marketplace's companies.
 */
@ApplicationScoped
public class CompanyAccess {
    private final Caller caller;
    private final MembershipRepository memberships;

    public CompanyAccess(Caller caller, MembershipRepository memberships) {
        this.caller = caller;
        this.memberships = memberships;
    }

    public boolean channelWriter() {
        return caller.hasAnyRole(Roles.PARTNER, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT);
    }

    public boolean channelReader() {
        return channelWriter() || caller.hasRole(Roles.PARTNER_READ);
    }

    public void requireChannelWriter() {
        if (!channelWriter()) {
            throw ApiException.forbidden();
        }
    }

    public void requireChannelReader() {
        if (!channelReader()) {
            throw ApiException.forbidden();
        }
    }

    public Uni<Company> requireRead(Company company) {
        caller.requirePartner(company.partner);
        if (channelReader()) {
            return Uni.createFrom().item(company);
        }
        return requireMembership(company, false);
    }

    public Uni<Company> requireWrite(Company company) {
        caller.requirePartner(company.partner);
        if (channelWriter()) {
            return Uni.createFrom().item(company);
        }
        return requireMembership(company, true);
    }

    private Uni<Company> requireMembership(Company company, boolean admin) {
        if (caller.user().isEmpty()) {
            return Uni.createFrom().failure(ApiException.forbidden());
        }
        return memberships.find(company.uuid, caller.user().get()).map(m -> {
            if (m == null || !m.enabled || (admin && !m.roles.contains(MembershipRoles.COMPANY_ADMIN))) {
                throw ApiException.forbidden();
            }
            return company;
        });
    }
}
