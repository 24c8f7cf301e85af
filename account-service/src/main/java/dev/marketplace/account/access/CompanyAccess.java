package dev.marketplace.account.access;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Caller;
import dev.marketplace.common.security.Roles;
import io.smallrye.mutiny.Uni;

/**
 * Tenancy: who may do what with a company and its people. Channel credentials (partner, marketplace manager, super
 * support) act on every company of their marketplace, read-only partner credentials read them, and a user acting
 * through {@code xoauth_requestor_id} reads the companies they belong to and changes those where they are Company
 * Administrator. The 403s here answer permission questions inside the caller's marketplace. Another marketplace's
 * companies and users are never loaded (the company and user look-ups are scoped to the caller's partner) and answer the
 * 404 of an unknown id, so that ids tell nothing of other marketplaces (docs/architecture.md, "Identity"); the partner
 * checks below are a defensive 404 of the same kind. A company is named by its partner and uuid: the company feature
 * loads it ({@code CompanyLookup}) and asks here.
 */
@ApplicationScoped
public class CompanyAccess {
    private final Caller caller;
    private final Grants grants;

    public CompanyAccess(Caller caller, Grants grants) {
        this.caller = caller;
        this.grants = grants;
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

    /** 403 unless the caller may read the company of {@code partner}. */
    public Uni<Void> requireRead(String partner, UUID company) {
        sameMarketplace(partner, "Company", company);
        if (channelReader()) {
            return Uni.createFrom().voidItem();
        }
        return requireMembership(company, false);
    }

    /** 403 unless the caller may change the company of {@code partner}. */
    public Uni<Void> requireWrite(String partner, UUID company) {
        sameMarketplace(partner, "Company", company);
        if (channelWriter()) {
            return Uni.createFrom().voidItem();
        }
        return requireMembership(company, true);
    }

    /**
     * The calling user may act on their own membership (read it, request a purchase), as may whoever may change the
     * company.
     */
    public Uni<Void> requireSelfOrWrite(String partner, UUID company, UUID user) {
        if (caller.user().isPresent() && caller.user().get().equals(user) && !channelWriter()) {
            sameMarketplace(partner, "Company", company);
            return requireMembership(company, false);
        }
        return requireWrite(partner, company);
    }

    /** True when the calling user holds the Company Administrator role in an enabled membership of {@code company}. */
    public Uni<Boolean> callerIsCompanyAdmin(UUID company) {
        if (caller.user().isEmpty()) {
            return Uni.createFrom().item(false);
        }
        return grants.of(company, caller.user().get()).map(g -> g != null && g.companyAdmin());
    }

    /**
     * 403 unless the caller may see the user: channel readers see every user of their marketplace, a user sees
     * themself, and a Company Administrator sees the members of their companies.
     */
    public Uni<Void> requireUserVisible(String partner, UUID user) {
        sameMarketplace(partner, "User", user);
        if (channelReader() || caller.user().map(user::equals).orElse(false)) {
            return Uni.createFrom().voidItem();
        }
        return requireAdminOf(user);
    }

    /**
     * 403 unless the caller may change the user's own details: channel writers, the user themself, and a Company
     * Administrator of one of their companies; read-only credentials may not.
     */
    public Uni<Void> requireUserWritable(String partner, UUID user) {
        sameMarketplace(partner, "User", user);
        if (channelWriter() || caller.user().map(user::equals).orElse(false)) {
            return Uni.createFrom().voidItem();
        }
        return requireAdminOf(user);
    }

    /** 403 unless the calling user administers a company {@code user} belongs to. */
    private Uni<Void> requireAdminOf(UUID user) {
        if (caller.user().isEmpty()) {
            return Uni.createFrom().failure(ApiException.forbidden());
        }
        UUID me = caller.user().get();
        return grants.ofUser(user).chain(theirs -> grants.ofUser(me).invoke(mine -> {
            boolean admin = mine.stream().anyMatch(m -> m.companyAdmin()
                    && theirs.stream().anyMatch(t -> t.company().equals(m.company())));
            if (!admin) {
                throw ApiException.forbidden();
            }
        })).replaceWithVoid();
    }

    /** Defence in depth: a company or user loaded without the partner scope is still as unknown as a missing one. */
    private void sameMarketplace(String partner, String what, UUID id) {
        if (!caller.partner().equals(partner)) {
            throw ApiException.notFound(what, id);
        }
    }

    private Uni<Void> requireMembership(UUID company, boolean admin) {
        if (caller.user().isEmpty()) {
            return Uni.createFrom().failure(ApiException.forbidden());
        }
        return grants.of(company, caller.user().get()).invoke(g -> {
            if (g == null || !g.enabled() || (admin && !g.roles().contains(MembershipRoles.COMPANY_ADMIN))) {
                throw ApiException.forbidden();
            }
        }).replaceWithVoid();
    }
}
