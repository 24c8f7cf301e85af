package dev.marketplace.catalog.shipping.repository;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.catalog.shipping.domain.ShippingConnector;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class ShippingConnectorRepository implements PanacheRepositoryBase<ShippingConnector, ShippingConnector.Key> {

    public Uni<List<ShippingConnector>> ofZone(UUID zone) {
        return list("zoneUuid = ?1 order by name", zone);
    }
}
