package dev.marketplace.billing.exchangerate.repository;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.exchangerate.domain.ExchangeRate;
import dev.marketplace.billing.exchangerate.domain.ExchangeRateSortField;
import dev.marketplace.common.paging.ListQueries;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class ExchangeRateRepository implements PanacheRepositoryBase<ExchangeRate, UUID> {
    /** The rates list in {@code list_counter}, per partner. */
    public static final String LIST = "exchange-rates";

    /** The columns a sort field orders by (indexes {@code exchange_rate_by_*}). */
    static String columns(ExchangeRateSortField sort) {
        return switch (sort) {
            case BASE_CURRENCY -> "r.base_currency, r.valid_from";
            case COUNTER_CURRENCY -> "r.counter_currency, r.valid_from";
            case VALID_FROM -> "r.valid_from";
        };
    }

    public record Filter(String partner, String baseCurrency, String counterCurrency) {
    }

    /** A page of the rates, in the sort's order with the uuid breaking ties (indexes {@code exchange_rate_by_*}). */
    public Uni<List<ExchangeRate>> search(Filter filter, ExchangeRateSortField sort, boolean ascending, int offset,
            int size) {
        SqlFilter where = sqlFilter(filter);
        return ListQueries.page(ExchangeRate.class, UUID.class, "uuid", r -> r.uuid,
                pageSql(where, sort, ascending, offset, size), where);
    }

    /** The list's total: the marketplace's counter when unfiltered, else a capped count. */
    public Uni<Total> count(Filter filter) {
        return ListQueries.total("from exchange_rate r", sqlFilter(filter), LIST, filter.partner());
    }

    public static String pageSql(SqlFilter where, ExchangeRateSortField sort, boolean ascending, long offset,
            int size) {
        String direction = ascending ? " asc" : " desc";
        String order = String.join(direction + ", ", columns(sort).split(", ")) + direction + ", r.uuid" + direction;
        return ListQueries.pageSql("exchange_rate r", "r.uuid", where, order, offset, size);
    }

    public static SqlFilter sqlFilter(Filter filter) {
        SqlFilter where = SqlFilter.scope("r.partner = ?", filter.partner());
        if (filter.baseCurrency() != null) {
            where.and("r.base_currency = ?", filter.baseCurrency());
        }
        if (filter.counterCurrency() != null) {
            where.and("r.counter_currency = ?", filter.counterCurrency());
        }
        return where;
    }

    /** A rate of {@code partner}: another marketplace's is not found, exactly as one that does not exist. */
    public Uni<ExchangeRate> inPartner(String partner, UUID uuid) {
        return find("uuid = ?1 and partner = ?2", uuid, partner).firstResult();
    }

    /** The rate in force at {@code at}: the active rate of the pair with the latest validFrom not after it. */
    public Uni<ExchangeRate> inForce(String partner, String base, String counter, Instant at) {
        return find("partner = ?1 and baseCurrency = ?2 and counterCurrency = ?3 and active = true and validFrom <= ?4 "
                + "order by validFrom desc, uuid desc", partner, base, counter, at).firstResult();
    }
}
