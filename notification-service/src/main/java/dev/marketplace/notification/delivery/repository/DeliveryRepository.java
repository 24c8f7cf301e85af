package dev.marketplace.notification.delivery.repository;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.notification.delivery.domain.Delivery;
import dev.marketplace.notification.delivery.domain.DeliveryStatus;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class DeliveryRepository implements PanacheRepositoryBase<Delivery, Long> {

    /** Due messages, locked so that another replica's job skips them ({@code for update skip locked}). */
    public Uni<List<Delivery>> lockDue(Instant now, int limit) {
        return find("status = ?1 and nextAttemptAt <= ?2 order by nextAttemptAt, id", DeliveryStatus.PENDING, now)
                .page(0, limit)
                .withLock(LockModeType.PESSIMISTIC_WRITE)
                .withHint("jakarta.persistence.lock.timeout", -2)
                .list();
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
