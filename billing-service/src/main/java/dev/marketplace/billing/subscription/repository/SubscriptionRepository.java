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
