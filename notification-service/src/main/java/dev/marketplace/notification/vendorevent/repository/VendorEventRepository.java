package dev.marketplace.notification.vendorevent.repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

import dev.marketplace.common.paging.ListQueries;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import dev.marketplace.notification.vendorevent.domain.VendorEvent;
import dev.marketplace.notification.vendorevent.domain.VendorEventStatus;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class VendorEventRepository implements PanacheRepositoryBase<VendorEvent, UUID> {

    /** The rows of these ids, oldest due first. */
    public Uni<List<VendorEvent>> byIds(List<UUID> ids) {
        return ids.isEmpty() ? Uni.createFrom().item(List.of()) : list("id in ?1 order by nextAttemptAt, id", ids);
    }

    /** Events whose result is overdue, locked so that another replica skips them ({@code for update skip locked}). */
    public Uni<List<VendorEvent>> lockOverdue(Instant now, int limit) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                "select id from vendor_event where status = 'AWAITING_RESULT' and result_due_at <= ?1"
                        + " order by result_due_at, id limit ?2 for update skip locked", UUID.class)
                .setParameter(1, OffsetDateTime.ofInstant(now, ZoneOffset.UTC))
                .setParameter(2, limit)
                .getResultList())
                .chain(this::byIds);
    }

    /** The row, locked for the rest of the transaction (the dispatcher and the result endpoint may race). */
    public Uni<VendorEvent> lock(UUID id) {
        return findById(id, LockModeType.PESSIMISTIC_WRITE);
    }

    /** The event {@code id} of {@code partner}: another marketplace's is not found, exactly as one that does not exist. */
    public Uni<VendorEvent> inPartner(String partner, UUID id) {
        return find("id = ?1 and partner = ?2", id, partner).firstResult();
    }

    public Uni<VendorEvent> byToken(String token) {
        return find("token", token).firstResult();
    }

    /** The name of the vendor events list in {@code list_counter}, scoped by partner. */
    static final String LIST = "vendor-events";

    /** A page of the partner's vendor events, newest first, optionally in one status. */
    public Uni<List<VendorEvent>> search(String partner, VendorEventStatus status, PageRequest page) {
        SqlFilter where = sqlFilter(partner, status);
        return ListQueries.page(VendorEvent.class, UUID.class, "id", e -> e.id, pageSql(where, page), where);
    }

    /** The list's total: the partner's counter when unfiltered, else a capped count. */
    public Uni<Total> count(String partner, VendorEventStatus status) {
        return ListQueries.total("from vendor_event v", sqlFilter(partner, status), LIST, partner);
    }

    public static String pageSql(SqlFilter where, PageRequest page) {
        return ListQueries.pageSql("vendor_event v", "v.id", where, "v.created_on desc, v.id desc", page);
    }

    public static SqlFilter sqlFilter(String partner, VendorEventStatus status) {
        SqlFilter where = SqlFilter.scope("v.partner = ?", partner);
        if (status != null) {
            where.and("v.status = ?", status.name());
        }
        return where;
    }
}
