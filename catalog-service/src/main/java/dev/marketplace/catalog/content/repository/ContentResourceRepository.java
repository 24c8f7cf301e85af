package dev.marketplace.catalog.content.repository;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.catalog.content.domain.ContentResource;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class ContentResourceRepository implements PanacheRepositoryBase<ContentResource, Long> {

    public Uni<ContentResource> byKey(long productId, String instance, String resourceId) {
        return find("productId = ?1 and instance = ?2 and resourceId = ?3", productId, instance, resourceId).firstResult();
    }
}
