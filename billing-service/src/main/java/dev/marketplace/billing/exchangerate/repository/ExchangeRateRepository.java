package dev.marketplace.billing.exchangerate.repository;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.exchangerate.domain.ExchangeRate;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class ExchangeRateRepository implements PanacheRepositoryBase<ExchangeRate, UUID> {

    public enum SortField {
        BASE_CURRENCY("r.baseCurrency, r.validFrom"), COUNTER_CURRENCY("r.counterCurrency, r.validFrom"), VALID_FROM("r.validFrom");

        final String columns;

        SortField(String columns) {
            this.columns = columns;
        }
    }

    public record Filter(String partner, String baseCurrency, String counterCurrency) {
    }

    public Uni<List<ExchangeRate>> search(Filter filter, SortField sort, boolean ascending, int offset, int size) {
        Parameters params = new Parameters();
        String direction = ascending ? " asc" : " desc";
        String order = String.join(direction + ", ", sort.columns.split(", ")) + direction + ", r.uuid" + direction;
        return find("from ExchangeRate r where " + where(filter, params) + " order by " + order, params)
                .range(offset, offset + size - 1).list();
    }

    /** Rates per marketplace are few (a handful per currency pair): counting them is cheap. */
    public Uni<Long> count(Filter filter) {
        Parameters params = new Parameters();
        return count("from ExchangeRate r where " + where(filter, params), params);
    }

    /** The rate in force at {@code at}: the active rate of the pair with the latest validFrom not after it. */
    public Uni<ExchangeRate> inForce(String partner, String base, String counter, Instant at) {
        return find("partner = ?1 and baseCurrency = ?2 and counterCurrency = ?3 and active = true and validFrom <= ?4 "
                + "order by validFrom desc, uuid desc", partner, base, counter, at).firstResult();
    }

    private static String where(Filter filter, Parameters params) {
        StringBuilder where = new StringBuilder("r.partner = :partner");
        params.and("partner", filter.partner());
        if (filter.baseCurrency() != null) {
            where.append(" and r.baseCurrency = :base");
            params.and("base", filter.baseCurrency());
        }
        if (filter.counterCurrency() != null) {
            where.append(" and r.counterCurrency = :counter");
            params.and("counter", filter.counterCurrency());
        }
        return where.toString();
    }
}
