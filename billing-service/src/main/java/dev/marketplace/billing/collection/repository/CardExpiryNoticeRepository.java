package dev.marketplace.billing.collection.repository;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.clock.service.BillingTimeSql;
import dev.marketplace.billing.collection.domain.CardExpiryNotice;
import dev.marketplace.billing.collection.domain.ExpiringCard;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

/** Which cards on file expire soon and have had no notice yet (read only on the cards and invoices: native SQL). */
@ApplicationScoped
public class CardExpiryNoticeRepository implements PanacheRepositoryBase<CardExpiryNotice, UUID> {
    /** The first instant after a card's expiry month, UTC. */
    private static final String EXPIRES = "(make_timestamptz(pm.expiration_year, pm.expiration_month, 1, 0, 0, 0, 'UTC')"
            + " + interval '1 month')";

    /**
     * Up to {@code limit} cards still valid at billing time whose expiry is within {@code window} of it, with no notice
     * yet, locked ({@code for update skip locked}: another replica takes others). Billing time as in
     * {@link CollectionRepository}: {@code now} of one marketplace, or every marketplace (partner null) at the real time
     * plus its test clock's offset.
     */
    public Uni<List<ExpiringCard>> claimExpiring(String partner, Instant now, boolean testClocks, Duration window, int limit) {
        String billingNow = BillingTimeSql.billingNow(testClocks);
        String clockJoin = BillingTimeSql.clockJoin("pm", testClocks);
        String sql = "select pm.id, pm.partner, pm.company_uuid, pm.user_uuid, pm.brand, pm.last4, pm.expiration_month, "
                + "pm.expiration_year, b.buyer_email, b.buyer_locale, b.buyer_first_name, b.company_name from payment_method pm"
                + clockJoin + "left join lateral (select i.buyer_email, i.buyer_locale, i.buyer_first_name, i.company_name "
                + "from invoice i where i.partner = pm.partner and i.company_uuid = pm.company_uuid "
                + "and i.user_uuid = pm.user_uuid and i.buyer_email is not null order by i.creation_date desc limit 1) b on true "
                + "where " + BillingTimeSql.scope("pm") + " "
                + "and not exists (select 1 from card_expiry_notice n where n.payment_method_id = pm.id) "
                + "and " + EXPIRES + " > " + billingNow
                + " and " + EXPIRES + " <= " + billingNow + " + cast(?3 as bigint) * interval '1 millisecond' "
                + "order by pm.created_on, pm.id limit ?4 for update of pm skip locked";
        return getSession().chain(session -> session.createNativeQuery(sql, Object[].class).setParameter(1, partner)
                .setParameter(2, now).setParameter(3, window.toMillis()).setParameter(4, limit).getResultList())
                .map(found -> found.stream().map(r -> new ExpiringCard((UUID) r[0], (String) r[1], (UUID) r[2], (UUID) r[3],
                        (String) r[4], (String) r[5], ((Number) r[6]).intValue(), ((Number) r[7]).intValue(), (String) r[8],
                        (String) r[9], (String) r[10], (String) r[11])).toList());
    }
}
