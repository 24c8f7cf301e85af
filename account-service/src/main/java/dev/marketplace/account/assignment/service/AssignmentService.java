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

    /** Current assignments of the product to the user. */
    public Uni<Long> currentForProduct(UUID company, UUID user, long product) {
        return assignments.currentForProduct(company, user, product);
    }
}
