package dev.marketplace.notification.delivery.repository;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.paging.ListQueries;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import dev.marketplace.notification.delivery.domain.Delivery;
import dev.marketplace.notification.delivery.domain.DeliveryStatus;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class DeliveryRepository implements PanacheRepositoryBase<Delivery, Long> {

    /** The rows of these ids, oldest due first. */
    public Uni<List<Delivery>> byIds(List<Long> ids) {
        return ids.isEmpty() ? Uni.createFrom().item(List.of()) : list("id in ?1 order by nextAttemptAt, id", ids);
    }

    /** The name of the deliveries list in {@code list_counter}, scoped by partner. */
    static final String LIST = "deliveries";

    /** A page of the partner's deliveries, newest first, optionally of one event or in one status. */
    public Uni<List<Delivery>> search(String partner, UUID eventId, DeliveryStatus status, PageRequest page) {
        SqlFilter where = sqlFilter(partner, eventId, status);
        return ListQueries.page(Delivery.class, Long.class, "id", d -> d.id, pageSql(where, page), where);
    }

    /** The list's total: the partner's counter when unfiltered, else a capped count. */
    public Uni<Total> count(String partner, UUID eventId, DeliveryStatus status) {
        return ListQueries.total("from notification_delivery d", sqlFilter(partner, eventId, status), LIST, partner);
    }

    public static String pageSql(SqlFilter where, PageRequest page) {
        return ListQueries.pageSql("notification_delivery d", "d.id", where, "d.created_on desc, d.id desc", page);
    }

    public static SqlFilter sqlFilter(String partner, UUID eventId, DeliveryStatus status) {
        SqlFilter where = SqlFilter.scope("d.partner = ?", partner);
        if (eventId != null) {
            where.and("d.event_id = ?", eventId);
        }
        if (status != null) {
            where.and("d.status = ?", status.name());
        }
        return where;
    }
}
