package dev.marketplace.billing.subscription.repository;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.subscription.domain.Subscription;
import dev.marketplace.billing.subscription.domain.SubscriptionStatus;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class SubscriptionRepository implements PanacheRepositoryBase<Subscription, UUID> {

    public record Filter(String partner, UUID company, UUID user, SubscriptionStatus status) {
    }

    public Uni<List<Subscription>> search(Filter filter, int start, int count) {
        Parameters params = new Parameters();
        return find("from Subscription s where " + where(filter, params) + " order by s.orderId", params)
                .range(start, start + count - 1).list();
    }

    public Uni<Long> count(Filter filter) {
        Parameters params = new Parameters();
        return count("from Subscription s where " + where(filter, params), params);
    }

    /** Subscriptions a user bought in a company that are not over (pending, active or being cancelled). */
    public Uni<Long> countHeld(String partner, UUID company, UUID user) {
        return count("partner = ?1 and companyUuid = ?2 and userUuid = ?3 and status in ?4", partner, company, user,
                SubscriptionStatus.HELD);
    }

    public Uni<Long> nextOrderId() {
        return getSession().chain(session -> session.createNativeQuery("select nextval('subscription_order_seq')", Long.class)
                .getSingleResult());
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
        return getSession().chain(session -> session.createNativeQuery("select * from subscription where status = 'ACTIVE' "
                + "and next_invoice_on <= ?1 order by next_invoice_on, id limit ?2 for update skip locked", Subscription.class)
                .setParameter(1, today).setParameter(2, limit).getResultList());
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

    private static String where(Filter filter, Parameters params) {
        StringBuilder where = new StringBuilder("s.partner = :partner");
        params.and("partner", filter.partner());
        if (filter.company() != null) {
            where.append(" and s.companyUuid = :company");
            params.and("company", filter.company());
        }
        if (filter.user() != null) {
            where.append(" and s.userUuid = :user");
            params.and("user", filter.user());
        }
        if (filter.status() != null) {
            where.append(" and s.status = :status");
            params.and("status", filter.status());
        }
        return where.toString();
    }
}
