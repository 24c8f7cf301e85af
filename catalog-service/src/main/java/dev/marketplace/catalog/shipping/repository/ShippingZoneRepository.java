package dev.marketplace.catalog.shipping.repository;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.catalog.shipping.domain.ShippingZone;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class ShippingZoneRepository implements PanacheRepositoryBase<ShippingZone, UUID> {
    /** A marketplace defines few zones (countries are a few hundred); the list is capped all the same. */
    public static final int MAX_ZONES = 1000;

    public Uni<List<ShippingZone>> ofPartner(String partner) {
        return find("partner = ?1 order by createdOn, uuid", partner).range(0, MAX_ZONES - 1).list();
    }

    public Uni<Boolean> nameTaken(String partner, String name, UUID except) {
        return count("partner = ?1 and lower(name) = lower(?2) and uuid <> ?3", partner, name,
                except == null ? new UUID(0, 0) : except).map(n -> n > 0);
    }
}
