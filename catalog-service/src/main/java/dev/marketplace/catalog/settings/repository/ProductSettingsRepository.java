package dev.marketplace.catalog.settings.repository;

import java.util.Collection;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.catalog.settings.domain.ProductSettings;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class ProductSettingsRepository implements PanacheRepositoryBase<ProductSettings, Long> {

    /** The settings of a page of products (one query). */
    public Uni<List<ProductSettings>> ofProducts(Collection<Long> productIds) {
        if (productIds.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return list("productId in ?1", productIds);
    }
}
