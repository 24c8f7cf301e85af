package dev.marketplace.notification.delivery.repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.notification.delivery.domain.Delivery;
import dev.marketplace.notification.delivery.domain.DeliveryStatus;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class DeliveryRepository implements PanacheRepositoryBase<Delivery, Long> {

    /** Due messages, locked so that another replica's job skips them ({@code for update skip locked}). */
    public Uni<List<Delivery>> lockDue(Instant now, int limit) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                "select id from notification_delivery where status = 'PENDING' and next_attempt_at <= ?1"
                        + " order by next_attempt_at, id limit ?2 for update skip locked", Long.class)
                .setParameter(1, OffsetDateTime.ofInstant(now, ZoneOffset.UTC))
                .setParameter(2, limit)
                .getResultList())
                .chain(ids -> ids.isEmpty() ? Uni.createFrom().item(List.<Delivery> of())
                        : list("id in ?1 order by nextAttemptAt, id", ids));
    }

    /** Messages whose send was interrupted (the process stopped while SENDING). */
    public Uni<List<Delivery>> stuckSending(Instant before, int limit) {
        return find("status = ?1 and lastAttemptOn < ?2 order by lastAttemptOn", DeliveryStatus.SENDING, before)
                .page(0, limit).list();
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
