package dev.marketplace.account.company.service;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.company.domain.Company;
import dev.marketplace.account.company.repository.CompanyRepository;
import dev.marketplace.common.lookup.CompanyRef;
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
    private final CompanyRepository companies;

    public CompanyAccess(Caller caller, MembershipRepository memberships, CompanyRepository companies) {
        this.caller = caller;
        this.memberships = memberships;
        this.companies = companies;
    }

    /** Loads a company by {@code uuid}, {@code id:<uuid>} or {@code externalId:<id>} (404) and checks read access (403). */
    public Uni<Company> loadForRead(String ref) {
        return load(ref).chain(this::requireRead);
    }

    /** Loads a company (404) and checks that the caller may change it (403). */
    public Uni<Company> loadForWrite(String ref) {
        return load(ref).chain(this::requireWrite);
    }

    public Uni<Company> load(String ref) {
        CompanyRef parsed = CompanyRef.parse(ref);
        return companies.findByRef(parsed, caller.partner())
                .onItem().ifNull().failWith(() -> ApiException.notFound("Company", ref));
    }

    /** True when the calling user holds the Company Administrator role in an enabled membership of {@code company}. */
    public Uni<Boolean> callerIsCompanyAdmin(Company company) {
        if (caller.user().isEmpty()) {
            return Uni.createFrom().item(false);
        }
        return memberships.find(company.uuid, caller.user().get())
                .map(m -> m != null && m.enabled && m.roles.contains(MembershipRoles.COMPANY_ADMIN));
    }

    /**
     * The calling user may act on their own membership (read it, request a purchase), as may whoever may change the
     * company.
     */
    public Uni<Company> requireSelfOrWrite(Company company, java.util.UUID user) {
        if (caller.user().isPresent() && caller.user().get().equals(user) && !channelWriter()) {
            caller.requirePartner(company.partner);
            return requireMembership(company, false);
        }
        return requireWrite(company);
    }

    /**
     * Channel credentials, or a service of the mesh acting for the partner (its token is minted with the mesh key and
     * names the partner: provisioning.ProvisioningService creates companies and members this way).
     */
    public boolean channelWriter() {
        return caller.hasAnyRole(Roles.PARTNER, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT) || caller.isService();
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
