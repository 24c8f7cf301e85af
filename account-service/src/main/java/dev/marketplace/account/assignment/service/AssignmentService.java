package dev.marketplace.account.assignment.service;

import java.net.URI;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.assignment.repository.AssignmentRepository;
import io.smallrye.mutiny.Uni;

/** What the projection of billing's events says about a member's applications (see {@link AssignmentProjection}). */
@ApplicationScoped
public class AssignmentService {
    private final AssignmentRepository assignments;

    public AssignmentService(AssignmentRepository assignments) {
        this.assignments = assignments;
    }

    /** The member's current applications (neither FAILED nor CANCELLED), newest first. */
    public Uni<List<AssignmentView>> current(UUID company, UUID user, URI baseUri) {
        return assignments.current(company, user)
                .map(found -> found.stream().map(a -> AssignmentView.of(a, baseUri)).toList());
    }

    /** Current entitlements of the company the user bought. */
    public Uni<Long> ownedCount(UUID company, UUID user) {
        return assignments.ownedCount(company, user);
    }

    /** Current assignments to other members of what the user bought. */
    public Uni<Long> assignedToOthersBy(UUID company, UUID owner) {
        return assignments.assignedToOthersBy(company, owner);
    }

    /**
     * An application a user holds that its vendor has taken: what USER_UPDATED is sent about, one per subscription
     * (rows written before the projection had subscription ids have none).
     */
    public record Held(UUID subscriptionId, UUID companyUuid, long productId, String productName, String accountIdentifier) {
    }

    /** The applications the user holds in any company whose vendor has taken them (ACTIVE or being cancelled). */
    public Uni<List<Held>> heldAnywhere(UUID user) {
        return assignments.takenByVendor(user).map(rows -> rows.stream()
                .map(a -> new Held(a.subscriptionId, a.companyUuid, a.productId, a.productName, a.accountIdentifier)).toList());
    }

    /** Current assignments of the product to the user. */
    public Uni<Long> currentForProduct(UUID company, UUID user, long product) {
        return assignments.currentForProduct(company, user, product);
    }
}
