package dev.marketplace.catalog.settings.repository;

import java.util.Collection;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.catalog.settings.domain.ProductSettings;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class ProductSettingsRepository implements PanacheRepositoryBase<ProductSettings, Long> {

    /** A product's general settings, as JSON text. */
    public record General(Long productId, String general) {
    }

    /** The general settings of a page of products (one query, without the other settings' columns). */
    public Uni<List<General>> generalOf(Collection<Long> productIds) {
        if (productIds.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return find("productId in ?1", productIds)
                .project(General.class).list();
    }
}
