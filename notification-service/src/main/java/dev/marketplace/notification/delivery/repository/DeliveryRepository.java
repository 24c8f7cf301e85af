package dev.marketplace.notification.delivery.repository;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.notification.delivery.domain.Delivery;
import dev.marketplace.notification.delivery.domain.DeliveryStatus;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class DeliveryRepository implements PanacheRepositoryBase<Delivery, Long> {

    /** The rows of these ids, oldest due first. */
    public Uni<List<Delivery>> byIds(List<Long> ids) {
        return ids.isEmpty() ? Uni.createFrom().item(List.of()) : list("id in ?1 order by nextAttemptAt, id", ids);
    }

    public Uni<List<Delivery>> search(String partner, UUID eventId, DeliveryStatus status, PageRequest page) {
        Parameters params = new Parameters();
        String where = where(partner, eventId, status, params);
        return find("from Delivery d where " + where + " order by d.createdOn desc, d.id desc", params)
                .page(page.page(), page.size()).list();
    }

    public Uni<Long> count(String partner, UUID eventId, DeliveryStatus status) {
        Parameters params = new Parameters();
        return count("from Delivery d where " + where(partner, eventId, status, params), params);
    }

    private static String where(String partner, UUID eventId, DeliveryStatus status, Parameters params) {
        StringBuilder where = new StringBuilder("d.partner = :partner");
        params.and("partner", partner);
        if (eventId != null) {
            where.append(" and d.eventId = :eventId");
            params.and("eventId", eventId);
        }
        if (status != null) {
            where.append(" and d.status = :status");
            params.and("status", status);
        }
        return where.toString();
    }
}
