package dev.marketplace.catalog.integration.repository;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.catalog.integration.domain.ProductIntegration;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class IntegrationRepository implements PanacheRepositoryBase<ProductIntegration, Long> {

    public Uni<ProductIntegration> byConsumerKey(String consumerKey) {
        return find("consumerKey", consumerKey).firstResult();
    }
}
