package dev.marketplace.billing.subscription.repository;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.subscription.domain.Assignment;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class AssignmentRepository implements PanacheRepositoryBase<Assignment, UUID> {

    public Uni<List<Assignment>> ofSubscription(UUID subscriptionId) {
        return list("subscriptionId = ?1 order by createdOn", subscriptionId);
    }

    public Uni<Assignment> find(UUID subscriptionId, UUID userUuid) {
        return find("subscriptionId = ?1 and userUuid = ?2", subscriptionId, userUuid).firstResult();
    }
}
