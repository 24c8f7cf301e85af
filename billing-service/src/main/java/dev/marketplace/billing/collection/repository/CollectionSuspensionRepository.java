package dev.marketplace.billing.collection.repository;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.collection.domain.CollectionSuspension;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class CollectionSuspensionRepository implements PanacheRepositoryBase<CollectionSuspension, Long> {

    /** The subscriptions an invoice holds suspended, oldest first. */
    public Uni<List<CollectionSuspension>> of(UUID invoiceId) {
        return list("invoiceId = ?1 order by id", invoiceId);
    }

    /** Whether another OVERDUE invoice still holds the subscription suspended. */
    public Uni<Boolean> heldByAnotherOverdue(UUID subscriptionId, UUID invoiceId) {
        return getSession().chain(session -> session.createNativeQuery("select count(*) from collection_suspension s "
                + "join invoice_collection c on c.invoice_id = s.invoice_id where s.subscription_id = ?1 "
                + "and s.invoice_id <> ?2 and c.state = 'OVERDUE'", Long.class)
                .setParameter(1, subscriptionId).setParameter(2, invoiceId).getSingleResult()).map(n -> n > 0);
    }
}
