package dev.marketplace.reseller.access.service;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Caller;
import dev.marketplace.common.security.Roles;
import dev.marketplace.reseller.directory.service.Directory;
import io.smallrye.mutiny.Uni;

/**
 * Who may act in which context. A reseller is a user (the call's acting user, {@code xoauth_requestor_id}) with an
 * enabled membership of a reseller company that carries ROLE_RESELLER — or any enabled membership of one when the
 * token itself grants ROLE_RESELLER; those companies are the ones it acts for. A reseller manager holds
 * ROLE_RESELLER_MANAGER or ROLE_CHANNEL_ADMIN, in the token or in an enabled membership of the acting user. Everything
 * is scoped to the token's marketplace. Memberships are read from the directory, so a role granted in account-service
 * counts once its event has arrived.
 */
@ApplicationScoped
public class ResellerAccess {
    private static final List<String> MANAGER_ROLES = List.of(Roles.RESELLER_MANAGER, Roles.CHANNEL_ADMIN);

    private final Caller caller;
    private final Directory directory;

    public ResellerAccess(Caller caller, Directory directory) {
        this.caller = caller;
        this.directory = directory;
    }

    public String partner() {
        return caller.partner();
    }

    /** The actor of a call made in {@code context}; 403 when the caller does not hold that context's role. */
    public Uni<Actor> actor(ResellerContext context) {
        String partner = caller.partner();
        if (context == ResellerContext.RESELLER_MANAGER) {
            return isManager().map(manager -> {
                if (!manager) {
                    throw ApiException.forbidden();
                }
                return Actor.manager(partner);
            });
        }
        return resellerCompanies().map(companies -> {
            if (companies.isEmpty()) {
                throw ApiException.forbidden();
            }
            return new Actor(partner, ResellerContext.RESELLER, companies);
        });
    }

    /**
     * The actor of a company-association call: reseller managers, and channel credentials (ROLE_PARTNER; for reads
     * also ROLE_PARTNER_READ); 403 for anyone else.
     */
    public Uni<Actor> associationManager(boolean write) {
        String partner = caller.partner();
        if (caller.hasRole(Roles.PARTNER) || (!write && caller.hasRole(Roles.PARTNER_READ))) {
            return Uni.createFrom().item(Actor.manager(partner));
        }
        return actor(ResellerContext.RESELLER_MANAGER);
    }

    /** The reseller companies the acting user acts for (none without an acting user). */
    public Uni<List<UUID>> resellerCompanies() {
        Optional<UUID> user = caller.user();
        if (user.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return directory.resellerCompaniesOf(caller.partner(), user.get(), caller.hasRole(Roles.RESELLER));
    }

    /** Whether the caller is a reseller manager (see the class comment). */
    public Uni<Boolean> isManager() {
        if (MANAGER_ROLES.stream().anyMatch(caller::hasRole)) {
            return Uni.createFrom().item(true);
        }
        Optional<UUID> user = caller.user();
        if (user.isEmpty()) {
            return Uni.createFrom().item(false);
        }
        return directory.rolesOf(caller.partner(), user.get()).map(roles -> MANAGER_ROLES.stream().anyMatch(roles::contains));
    }
}
