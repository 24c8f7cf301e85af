package dev.marketplace.gateway.marketplace.repository;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.gateway.marketplace.domain.Marketplace;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;

/** Marketplaces in the gateway's own database. */
@ApplicationScoped
public class MarketplaceRepository {
    private static final String COLUMNS = "partner, name, default_locale, default_currency, enabled, created_on";

    private final Pool pool;

    public MarketplaceRepository(Pool pool) {
        this.pool = pool;
    }

    /** Inserts unless the partner exists; emits the marketplace when written, empty when the partner was taken. */
    public Uni<Optional<Marketplace>> insertIfAbsent(String partner, String name, String locale, String currency) {
        return pool.preparedQuery("insert into marketplace (partner, name, default_locale, default_currency) values ($1, $2, $3, $4) "
                + "on conflict (partner) do nothing returning " + COLUMNS)
                .execute(Tuple.of(partner, name, locale, currency)).map(rows -> first(rows.iterator()));
    }

    public Uni<Optional<Marketplace>> find(String partner) {
        return pool.preparedQuery("select " + COLUMNS + " from marketplace where partner = $1")
                .execute(Tuple.of(partner)).map(rows -> first(rows.iterator()));
    }

    /** A page, oldest first. */
    public Uni<List<Marketplace>> page(int offset, int size) {
        return pool.preparedQuery("select " + COLUMNS + " from marketplace order by created_on, partner offset $1 limit $2")
                .execute(Tuple.of(offset, size)).map(rows -> {
                    List<Marketplace> page = new ArrayList<>(rows.size());
                    rows.forEach(row -> page.add(marketplace(row)));
                    return page;
                });
    }

    public Uni<Long> count() {
        return pool.query("select count(*) from marketplace").execute().map(rows -> rows.iterator().next().getLong(0));
    }

    /** Sets whether the marketplace is enabled; emits it as it now is, empty when the partner is unknown. */
    public Uni<Optional<Marketplace>> setEnabled(String partner, boolean enabled) {
        return pool.preparedQuery("update marketplace set enabled = $2 where partner = $1 returning " + COLUMNS)
                .execute(Tuple.of(partner, enabled)).map(rows -> first(rows.iterator()));
    }

    /** Partners of every disabled marketplace. */
    public Uni<Set<String>> disabledPartners() {
        return pool.query("select partner from marketplace where not enabled").execute().map(rows -> {
            Set<String> partners = new HashSet<>();
            rows.forEach(row -> partners.add(row.getString(0)));
            return partners;
        });
    }

    private static Optional<Marketplace> first(io.vertx.mutiny.sqlclient.RowIterator<Row> it) {
        return it.hasNext() ? Optional.of(marketplace(it.next())) : Optional.empty();
    }

    private static Marketplace marketplace(Row row) {
        Instant created = row.getOffsetDateTime("created_on").toInstant();
        return new Marketplace(row.getString("partner"), row.getString("name"), row.getString("default_locale"),
                row.getString("default_currency"), row.getBoolean("enabled"), created);
    }
}
