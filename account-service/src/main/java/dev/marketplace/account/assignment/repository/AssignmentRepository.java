package dev.marketplace.account.assignment.repository;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.assignment.domain.UserAssignment;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class AssignmentRepository implements PanacheRepositoryBase<UserAssignment, UUID> {

    /** The member's assignments that are neither FAILED nor CANCELLED, newest first. */
    public Uni<List<UserAssignment>> current(UUID company, UUID user) {
        return list("companyUuid = ?1 and userUuid = ?2 and status not in ?3 order by createdOn desc", company, user,
                UserAssignment.ENDED);
    }

    public Uni<Long> currentCount(UUID company, UUID user) {
        return count("companyUuid = ?1 and userUuid = ?2 and status not in ?3", company, user, UserAssignment.ENDED);
    }

    /**
     * Entitlements of the company the user bought and that are still current: the subscription's status counts (the
     * purchaser may have unassigned themself and still own it).
     */
    public Uni<Long> ownedCount(UUID company, UUID user) {
        return count("companyUuid = ?1 and ownerUuid = ?2 and coalesce(subscriptionStatus, status) not in ?3", company, user,
                UserAssignment.ENDED);
    }

    /** The user's rows, in any company, whose vendor has taken them (ACTIVE or PENDING_REMOTE_CANCELLATION). */
    public Uni<List<UserAssignment>> takenByVendor(UUID user) {
        return list("userUuid = ?1 and productId is not null and status in ?2 order by createdOn", user,
                List.of("ACTIVE", "PENDING_REMOTE_CANCELLATION"));
    }

    /** Every row projected from one billing subscription. */
    public Uni<List<UserAssignment>> ofSubscription(UUID subscription) {
        return list("subscriptionId", subscription);
    }

    public Uni<Long> currentForProduct(UUID company, UUID user, long product) {
        return count("companyUuid = ?1 and userUuid = ?2 and productId = ?3 and status not in ?4", company, user, product,
                UserAssignment.ENDED);
    }

    public Uni<Long> assignedToOthersBy(UUID company, UUID owner) {
        return count("companyUuid = ?1 and ownerUuid = ?2 and userUuid <> ?2 and status not in ?3", company, owner,
                UserAssignment.ENDED);
    }
}
