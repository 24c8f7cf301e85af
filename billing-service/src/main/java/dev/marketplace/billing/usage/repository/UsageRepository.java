package dev.marketplace.billing.usage.repository;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.usage.domain.UsageItem;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class UsageRepository implements PanacheRepositoryBase<UsageItem, Long> {

    /** A report recorded before: its fingerprint and the answer given. */
    public record Report(String fingerprint, String response) {
    }

    /**
     * Claims a vendor's report id (unique per product, forever); false when it was claimed before. A concurrent claim of
     * the same id waits for the first transaction and then finds it.
     */
    public Uni<Boolean> claim(UUID id, String partner, long productId, String reportId, UUID subscriptionId, String fingerprint,
            String response) {
        return getSession().chain(session -> session.createNativeQuery("insert into usage_report (id, partner, product_id, "
                + "report_id, subscription_id, fingerprint, response, created_on) values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) "
                + "on conflict (partner, product_id, report_id) do nothing")
                .setParameter(1, id).setParameter(2, partner).setParameter(3, productId).setParameter(4, reportId)
                .setParameter(5, subscriptionId).setParameter(6, fingerprint).setParameter(7, response)
                .setParameter(8, OffsetDateTime.now(ZoneOffset.UTC)).executeUpdate()).map(inserted -> inserted == 1);
    }

    public Uni<Report> report(String partner, long productId, String reportId) {
        return getSession().chain(session -> session.createNativeQuery("select fingerprint, response from usage_report "
                + "where partner = ?1 and product_id = ?2 and report_id = ?3", Object[].class)
                .setParameter(1, partner).setParameter(2, productId).setParameter(3, reportId).getSingleResult())
                .map(row -> new Report((String) row[0], (String) row[1]));
    }

    /** Usage of a subscription no invoice has charged yet, oldest first. */
    public Uni<List<UsageItem>> unbilled(UUID subscriptionId) {
        return list("subscriptionId = ?1 and invoiceId is null order by id", subscriptionId);
    }
}
