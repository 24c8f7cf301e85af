package dev.marketplace.billing.discount.repository;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/** One row per use of a discount (who redeemed it, on which order), for the once-per-user and once-per-company rules. */
@ApplicationScoped
public class RedemptionRepository {

    public Uni<Void> record(long discountId, String partner, UUID subscriptionId, UUID company, UUID user) {
        return Panache.getSession().chain(session -> session.createNativeQuery("insert into discount_redemption "
                + "(id, discount_id, partner, subscription_id, company_uuid, user_uuid, redeemed_on) values (?1, ?2, ?3, ?4, ?5, ?6, now())")
                .setParameter(1, UUID.randomUUID()).setParameter(2, discountId).setParameter(3, partner)
                .setParameter(4, subscriptionId).setParameter(5, company).setParameter(6, user).executeUpdate())
                .replaceWithVoid();
    }

    public Uni<Boolean> usedByCompany(long discountId, UUID company) {
        return exists("select count(*) from discount_redemption where discount_id = ?1 and company_uuid = ?2", discountId, company);
    }

    public Uni<Boolean> usedByUser(long discountId, UUID user) {
        return exists("select count(*) from discount_redemption where discount_id = ?1 and user_uuid = ?2", discountId, user);
    }

    private static Uni<Boolean> exists(String sql, long discountId, UUID who) {
        return Panache.getSession().chain(session -> session.createNativeQuery(sql, Long.class).setParameter(1, discountId)
                .setParameter(2, who).getSingleResult()).map(n -> n > 0);
    }
}
