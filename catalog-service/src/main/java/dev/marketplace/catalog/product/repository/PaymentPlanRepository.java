package dev.marketplace.catalog.product.repository;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.catalog.product.domain.PaymentPlan;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class PaymentPlanRepository implements PanacheRepositoryBase<PaymentPlan, Long> {

    public Uni<List<PaymentPlan>> ofEdition(long editionId) {
        return list("editionId = ?1 order by id", editionId);
    }

    public Uni<List<PaymentPlan>> ofEditions(List<Long> editionIds) {
        if (editionIds.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return list("editionId in ?1 order by id", editionIds);
    }
}
