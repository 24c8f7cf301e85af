package dev.marketplace.account.assignment.service;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.assignment.client.BillingClient;
import dev.marketplace.account.assignment.repository.AssignmentRepository;
import dev.marketplace.account.company.domain.Company;
import dev.marketplace.common.error.ApiException;
import io.smallrye.mutiny.Uni;

/**
 * Keeps a member who still holds applications from being disabled or removed (409). The local projection of billing's
 * events (user_assignment) and billing's live answer describe the same entitlements: the larger of each count is kept,
 * so an event still on its way cannot hide one. Billing unreachable → 503 (never unchecked).
 */
@ApplicationScoped
public class EntitlementGuard {
    private final AssignmentRepository assignments;
    private final BillingClient billing;

    public EntitlementGuard(AssignmentRepository assignments, BillingClient billing) {
        this.assignments = assignments;
        this.billing = billing;
    }

    /** 409 while the member has current assignments (ours or billing's). */
    public Uni<Void> requireNoCurrentAssignments(Company company, UUID user) {
        return entitlements(company, user).invoke(EntitlementGuard::requireNoAssignments).replaceWithVoid();
    }

    /** 409 while the member has current assignments or owns (bought) products of the company. */
    public Uni<Void> requireRemovable(Company company, UUID user) {
        return entitlements(company, user).invoke(e -> {
            requireNoAssignments(e);
            if (e.activeSubscriptions() > 0) {
                throw ApiException.conflict("USER_OWNS_PRODUCTS",
                        "The user owns products of the company; transfer or cancel them first");
            }
        }).replaceWithVoid();
    }

    private static void requireNoAssignments(BillingClient.Entitlements e) {
        if (e.activeAssignments() > 0) {
            throw ApiException.conflict("ACTIVE_SUBSCRIPTIONS_FOUND", "Active subscriptions found: the user has "
                    + e.activeAssignments() + " current application assignment(s)");
        }
    }

    private Uni<BillingClient.Entitlements> entitlements(Company company, UUID user) {
        return assignments.currentCount(company.uuid, user).chain(assigned -> assignments.ownedCount(company.uuid, user)
                .chain(owned -> billing.entitlements(company.partner, company.uuid, user)
                        .map(remote -> new BillingClient.Entitlements(Math.max(owned, remote.activeSubscriptions()),
                                Math.max(assigned, remote.activeAssignments())))));
    }
}
