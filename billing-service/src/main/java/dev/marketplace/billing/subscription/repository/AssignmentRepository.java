package dev.marketplace.billing.subscription.repository;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.subscription.domain.Assignment;
import dev.marketplace.billing.subscription.domain.AssignmentStatus;
import dev.marketplace.billing.subscription.domain.SubscriptionStatus;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class AssignmentRepository implements PanacheRepositoryBase<Assignment, UUID> {

    public Uni<List<Assignment>> ofSubscription(UUID subscriptionId) {
        // index subscription_assignment_list; the id keeps assignments made in the same instant in one order
        return list("subscriptionId = ?1 order by createdOn, id", subscriptionId);
    }

    /** Assignments of a user, not over, to subscriptions of a company that are not over. */
    public Uni<Long> countHeld(String partner, UUID company, UUID user) {
        return count("from Assignment a where a.userUuid = ?1 and a.status in ?2 and a.subscriptionId in "
                + "(select s.id from Subscription s where s.partner = ?3 and s.companyUuid = ?4 and s.status in ?5)",
                user, AssignmentStatus.HELD, partner, company, SubscriptionStatus.HELD);
    }

    /** The seats of a subscription taken: its assignments being made, made, or being undone. */
    public Uni<Long> countHeld(UUID subscriptionId) {
        return count("subscriptionId = ?1 and status in ?2", subscriptionId, AssignmentStatus.HELD);
    }

    public Uni<Assignment> find(UUID subscriptionId, UUID userUuid) {
        return find("subscriptionId = ?1 and userUuid = ?2", subscriptionId, userUuid).firstResult();
    }
}
