package dev.marketplace.catalog.product.repository;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.catalog.product.domain.Edition;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class EditionRepository implements PanacheRepositoryBase<Edition, Long> {

    public Uni<List<Edition>> ofProduct(long productId) {
        return list("productId = ?1 order by rank, id", productId);
    }

    /** The editions of several products at once (one query for a page of products). */
    public Uni<List<Edition>> ofProducts(java.util.Collection<Long> productIds) {
        if (productIds.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return list("productId in ?1 order by productId, rank, id", productIds);
    }

    /** Editions by id (a page's bundle members' editions, one query). */
    public Uni<List<Edition>> byIds(java.util.Collection<Long> ids) {
        if (ids.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return list("id in ?1", ids);
    }

    public Uni<Edition> ofProduct(long productId, long editionId) {
        return find("productId = ?1 and id = ?2", productId, editionId).firstResult();
    }

    public Uni<Boolean> codeTaken(long productId, String code, Long exceptEdition) {
        return count("productId = ?1 and code = ?2 and id <> ?3", productId, code, exceptEdition == null ? -1L : exceptEdition)
                .map(n -> n > 0);
    }
}
