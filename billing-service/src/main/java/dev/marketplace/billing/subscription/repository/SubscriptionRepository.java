package dev.marketplace.billing.subscription.repository;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.clock.service.BillingTimeSql;
import dev.marketplace.billing.subscription.domain.Subscription;
import dev.marketplace.billing.subscription.domain.SubscriptionStatus;
import dev.marketplace.common.paging.ListQueries;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import dev.marketplace.common.persistence.NativeSelects;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class SubscriptionRepository implements PanacheRepositoryBase<Subscription, UUID> {
    /** The orders list in {@code list_counter}: per partner, and per company ({@code partner/company}). */
    public static final String LIST = "orders";
    public static final String COMPANY_LIST = "company-orders";

    public record Filter(String partner, UUID company, UUID user, SubscriptionStatus status) {
    }

    /**
     * A page of the orders list (a company's with {@code company}, a buyer's with {@code user} too), oldest order first
     * (indexes {@code subscription_list*}).
     */
    public Uni<List<Subscription>> search(Filter filter, int start, int count) {
        SqlFilter where = sqlFilter(filter);
        return ListQueries.page(Subscription.class, UUID.class, "id", s -> s.id, pageSql(where, start, count), where);
    }

    /** The list's total: the marketplace's or the company's counter when unfiltered, else a capped count. */
    public Uni<Total> count(Filter filter) {
        return filter.company() == null
                ? ListQueries.total("from subscription s", sqlFilter(filter), LIST, filter.partner())
                : ListQueries.total("from subscription s", sqlFilter(filter), COMPANY_LIST,
                        filter.partner() + "/" + filter.company());
    }

    public static String pageSql(SqlFilter where, int start, int count) {
        return ListQueries.pageSql("subscription s", "s.id", where, "s.order_id", start, count);
    }

    /** The marketplace, the company and the user are the list's scope; the status is a filter. */
    public static SqlFilter sqlFilter(Filter filter) {
        SqlFilter where = SqlFilter.scope("s.partner = ?", filter.partner());
        if (filter.company() != null) {
            where.always("s.company_uuid = ?", filter.company());
        }
        if (filter.user() != null) {
            where.always("s.user_uuid = ?", filter.user());
        }
        if (filter.status() != null) {
            where.and("s.status = ?", filter.status().name());
        }
        return where;
    }

    /** Subscriptions a user bought in a company that are not over (pending, active or being cancelled). */
    public Uni<Long> countHeld(String partner, UUID company, UUID user) {
        return count("partner = ?1 and companyUuid = ?2 and userUuid = ?3 and status in ?4", partner, company, user,
                SubscriptionStatus.HELD);
    }

    /** A sequence value is not transactional: read on the pool (see {@link NativeSelects}). */
    public Uni<Long> nextOrderId() {
        return NativeSelects.column("select nextval('subscription_order_seq')", List.of(), Long.class)
                .map(ids -> ids.get(0));
    }

    /** What a company's orders since {@code since} cost, in the marketplace currency (failed orders do not count). */
    public Uni<java.math.BigDecimal> spentSince(String partner, UUID company, java.time.Instant since) {
        return find("select coalesce(sum(s.limitAmount), 0) from Subscription s where s.partner = ?1 and s.companyUuid = ?2 "
                + "and s.createdOn >= ?3 and s.status <> ?4", partner, company, since, SubscriptionStatus.FAILED)
                .project(java.math.BigDecimal.class).firstResult();
    }

    /**
     * Serialises the orders of one company until the transaction ends (a transaction-scoped advisory lock), so that two
     * orders cannot both fit under a purchase limit that only one of them fits under.
     */
    public Uni<Void> lockCompany(String partner, UUID company) {
        return getSession().chain(session -> session.createNativeQuery(
                "select 1 from (select pg_advisory_xact_lock(hashtextextended(?1, 0))) l", Integer.class)
                .setParameter(1, "purchase:" + partner + ":" + company).getSingleResult()).replaceWithVoid();
    }

    /**
     * Active subscriptions whose billing date has come, locked for this transaction; those another replica's job holds
     * are skipped, so replicas share the work and never invoice one subscription twice.
     */
    public Uni<List<Subscription>> dueForInvoicing(java.time.LocalDate today, int limit) {
        // ids first, then the entities: the table has columns the entity does not map (company_scope, for the lists'
        // counters), which an entity read of "select *" cannot take
        return getSession().chain(session -> session.createNativeQuery("select id from subscription where status = 'ACTIVE' "
                + "and next_invoice_on <= ?1 order by next_invoice_on, id limit ?2 for update skip locked", UUID.class)
                .setParameter(1, today).setParameter(2, limit).getResultList()
                .chain(ids -> ids.isEmpty() ? Uni.createFrom().item(List.<Subscription>of())
                        : list("id in ?1 order by nextInvoiceOn, id", ids)));
    }

    /**
     * Active recurring subscriptions whose next billing date falls after the billing day of their marketplace and at most
     * {@code days} after it, whose vendor has not been told of that date yet; locked for this transaction, those another
     * replica holds skipped. Billing time as collection reads it ({@link BillingTimeSql}): {@code now} of one
     * marketplace, or every marketplace ({@code partner} null) at the real time plus its test clock's offset.
     */
    public Uni<List<Subscription>> dueForUpcomingNotice(String partner, java.time.Instant now, boolean testClocks, int days,
            int limit) {
        String today = BillingTimeSql.billingToday(testClocks);
        return lockedIds("select s.id from subscription s" + BillingTimeSql.clockJoin("s", testClocks)
                + "where s.status = 'ACTIVE' and " + BillingTimeSql.scope("s")
                + " and s.next_invoice_on > " + today + " and s.next_invoice_on <= " + today + " + cast(?3 as integer)"
                + " and s.pricing_duration is distinct from 'ONE_TIME'"
                + " and (s.upcoming_notice_for is null or s.upcoming_notice_for <> s.next_invoice_on)"
                + " order by s.next_invoice_on, s.id limit ?4 for update of s skip locked", partner, now, days, limit);
    }

    /**
     * Cancelled subscriptions whose cancellation (recorded in billing time) is at least {@code closeAfter} older than their
     * marketplace's billing time and not yet closed; locked likewise, billing time likewise.
     */
    public Uni<List<Subscription>> dueForClosing(String partner, java.time.Instant now, boolean testClocks,
            java.time.Duration closeAfter, int limit) {
        return lockedIds("select s.id from subscription s" + BillingTimeSql.clockJoin("s", testClocks)
                + "where s.status = 'CANCELLED' and s.closed_on is null and " + BillingTimeSql.scope("s")
                + " and s.cancelled_on <= " + BillingTimeSql.billingNow(testClocks) + " - cast(?3 as bigint) * interval '1 millisecond'"
                + " order by s.cancelled_on, s.id limit ?4 for update of s skip locked", partner, now, closeAfter.toMillis(),
                limit);
    }

    private Uni<List<Subscription>> lockedIds(String sql, Object... parameters) {
        return getSession().chain(session -> {
            var query = session.createNativeQuery(sql, UUID.class);
            for (int i = 0; i < parameters.length; i++) {
                query.setParameter(i + 1, parameters[i]);
            }
            return query.getResultList();
        }).chain(ids -> ids.isEmpty() ? Uni.createFrom().item(List.<Subscription>of()) : list("id in ?1 order by id", ids));
    }

    /** The subscription {@code id} of {@code partner}: another marketplace's is not found, exactly as one that does not exist. */
    public Uni<Subscription> inPartner(String partner, UUID id) {
        return find("id = ?1 and partner = ?2", id, partner).firstResult();
    }

    /** The subscription of a vendor's account (the vendor names it by the account identifier it chose). */
    public Uni<Subscription> byAccount(String partner, long productId, String accountIdentifier) {
        return find("partner = ?1 and productId = ?2 and accountIdentifier = ?3 order by createdOn desc", partner, productId,
                accountIdentifier).firstResult();
    }

    /** Subscriptions of a company (its billing day changed). */
    public Uni<Integer> updateBillingDay(String partner, UUID company, Integer day) {
        return update("billingDay = ?1 where partner = ?2 and companyUuid = ?3", day, partner, company);
    }

    /** An add-on's parent, its row locked until the transaction ends: add-on orders and results serialise on it. */
    public Uni<Subscription> lockedInPartner(String partner, UUID id) {
        return findById(id, jakarta.persistence.LockModeType.PESSIMISTIC_WRITE)
                .map(s -> s == null || !s.partner.equals(partner) ? null : s);
    }

    /** The add-ons of a parent subscription, oldest first. */
    public Uni<List<Subscription>> addonsOf(UUID parent) {
        return list("parentSubscriptionId = ?1 order by orderId", parent);
    }
}
