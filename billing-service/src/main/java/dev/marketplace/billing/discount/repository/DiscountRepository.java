package dev.marketplace.billing.discount.repository;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.discount.domain.Discount;
import dev.marketplace.billing.discount.domain.DiscountSortField;
import dev.marketplace.common.paging.ListQueries;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class DiscountRepository implements PanacheRepositoryBase<Discount, Long> {
    /** The discounts list in {@code list_counter}, per partner (live discounts only). */
    public static final String LIST = "discounts";

    /**
     * The column of a sort field; each has an index with the id as tie-breaker. CHANNEL is the partner, the same for
     * the whole list: it orders by id alone (null).
     */
    static String column(DiscountSortField sort) {
        return switch (sort) {
            case APPLICATION -> "d.application_id";
            case CHANNEL -> null;
            case CODE -> "d.code";
            case CREATED_ON -> "d.created_on";
            case END_DATE -> "d.expiration_date";
            case REDEMPTIONS -> "d.redemptions";
            case START_DATE -> "d.start_date";
        };
    }

    /** A page of the live discounts (indexes {@code discount_list*}). */
    public Uni<List<Discount>> search(String partner, String code, DiscountSortField sort, boolean ascending, int start,
            int count) {
        SqlFilter where = sqlFilter(partner, code);
        return ListQueries.page(Discount.class, Long.class, "id", d -> d.id, pageSql(where, sort, ascending, start, count),
                where);
    }

    /** The list's total: the marketplace's counter of live discounts when unfiltered, else a capped count. */
    public Uni<Total> count(String partner, String code) {
        return ListQueries.total("from discount d", sqlFilter(partner, code), LIST, partner);
    }

    /** Ascending puts discounts without the sorted value first, descending last (the indexes are built so). */
    public static String pageSql(SqlFilter where, DiscountSortField sort, boolean ascending, int start, int count) {
        String direction = ascending ? " asc" : " desc";
        String nulls = ascending ? " nulls first" : " nulls last";
        String column = column(sort);
        String order = column == null ? "d.id" + direction : column + direction + nulls + ", d.id" + direction;
        return ListQueries.pageSql("discount d", "d.id", where, order, start, count);
    }

    /** Deleted discounts are never listed; the code is matched whatever its case (index {@code discount_code}). */
    public static SqlFilter sqlFilter(String partner, String code) {
        SqlFilter where = SqlFilter.scope("d.partner = ?", partner).always("d.deleted_on is null");
        if (code != null) {
            // "code is not null" lets the planner use the partial unique index
            where.and("d.code is not null and upper(d.code) = upper(?)", code);
        }
        return where;
    }

    /** A live discount of {@code partner}: another marketplace's is not found, exactly as one that does not exist. */
    public Uni<Discount> live(String partner, Long id, UUID uuid) {
        return (id != null ? find("id = ?1 and partner = ?2 and deletedOn is null", id, partner)
                : find("uuid = ?1 and partner = ?2 and deletedOn is null", uuid, partner)).firstResult();
    }

    public Uni<Discount> byCode(String partner, String code) {
        return find("partner = ?1 and upper(code) = upper(?2) and deletedOn is null", partner, code).firstResult();
    }

    /**
     * Automatic discounts that may match an order of {@code application} in {@code currency} (an amount in another
     * currency never applies), live at {@code now}, with redemptions left.
     */
    public Uni<List<Discount>> automatic(String partner, long application, String currency, Instant now) {
        return list("partner = ?1 and autoApply = true and deletedOn is null and (applicationId is null or applicationId = ?2) "
                + "and (currency is null or currency = ?4) "
                + "and (startDate is null or startDate <= ?3) and (expirationDate is null or expirationDate > ?3) "
                + "and (maxRedemptions is null or redemptions < maxRedemptions) order by id", partner, application, now,
                currency);
    }

    /**
     * Counts one redemption unless none is left, atomically: of two orders racing for the last redemption, the second
     * waits for the first's row lock and then finds none left. Emits whether this one got it.
     */
    public Uni<Boolean> redeemOne(long id) {
        return redeemOneLeft(id).map(left -> left != null);
    }

    /**
     * {@link #redeemOne}, emitting how many redemptions are left after this one (null: none was taken; -1: unlimited),
     * read in the same statement, so that exactly one of racing orders sees the discount used up.
     */
    public Uni<Integer> redeemOneLeft(long id) {
        return getSession().chain(session -> session.createNativeQuery("update discount set redemptions = redemptions + 1 "
                + "where id = ?1 and deleted_on is null and (max_redemptions is null or redemptions < max_redemptions) "
                + "returning coalesce(max_redemptions - redemptions, -1)", Integer.class)
                .setParameter(1, id).getResultList()).map(left -> left.isEmpty() ? null : left.get(0));
    }
}
