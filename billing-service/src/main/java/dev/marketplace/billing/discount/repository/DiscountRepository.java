package dev.marketplace.billing.discount.repository;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.discount.domain.Discount;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class DiscountRepository implements PanacheRepositoryBase<Discount, Long> {

    /** The list's sort fields (AppDirect's names); each has an index with the id as tie-breaker. */
    public enum SortField {
        APPLICATION("d.applicationId"), CHANNEL("d.partner"), CODE("d.code"), CREATED_ON("d.createdOn"),
        END_DATE("d.expirationDate"), REDEMPTIONS("d.redemptions"), START_DATE("d.startDate");

        final String column;

        SortField(String column) {
            this.column = column;
        }
    }

    public Uni<List<Discount>> search(String partner, String code, SortField sort, boolean ascending, int start, int count) {
        Parameters params = new Parameters();
        String direction = ascending ? " asc" : " desc";
        String nulls = ascending ? " nulls first" : " nulls last";
        return find("from Discount d where " + where(partner, code, params) + " order by " + sort.column + direction + nulls
                + ", d.id" + direction, params).range(start, start + count - 1).list();
    }

    /** Discounts of a marketplace number in the hundreds, not millions: an exact count is cheap. */
    public Uni<Long> count(String partner, String code) {
        Parameters params = new Parameters();
        return count("from Discount d where " + where(partner, code, params), params);
    }

    public Uni<Discount> live(Long id, UUID uuid) {
        return (id != null ? find("id = ?1 and deletedOn is null", id) : find("uuid = ?1 and deletedOn is null", uuid))
                .firstResult();
    }

    public Uni<Discount> byCode(String partner, String code) {
        return find("partner = ?1 and upper(code) = upper(?2) and deletedOn is null", partner, code).firstResult();
    }

    /** Automatic discounts that may match an order of {@code application}, live at {@code now}, with redemptions left. */
    public Uni<List<Discount>> automatic(String partner, long application, Instant now) {
        return list("partner = ?1 and autoApply = true and deletedOn is null and (applicationId is null or applicationId = ?2) "
                + "and (startDate is null or startDate <= ?3) and (expirationDate is null or expirationDate > ?3) "
                + "and (maxRedemptions is null or redemptions < maxRedemptions) order by id", partner, application, now);
    }

    /**
     * Counts one redemption unless none is left, atomically: of two orders racing for the last redemption, the second
     * waits for the first's row lock and then finds none left. Emits whether this one got it.
     */
    public Uni<Boolean> redeemOne(long id) {
        return getSession().chain(session -> session.createNativeQuery("update discount set redemptions = redemptions + 1 "
                + "where id = ?1 and deleted_on is null and (max_redemptions is null or redemptions < max_redemptions)")
                .setParameter(1, id).executeUpdate()).map(updated -> updated == 1);
    }

    private static String where(String partner, String code, Parameters params) {
        StringBuilder where = new StringBuilder("d.partner = :partner and d.deletedOn is null");
        params.and("partner", partner);
        if (code != null) {
            where.append(" and upper(d.code) = upper(:code)");
            params.and("code", code);
        }
        return where.toString();
    }
}
