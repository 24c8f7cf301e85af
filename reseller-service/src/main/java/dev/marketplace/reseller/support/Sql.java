package dev.marketplace.reseller.support;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/** Native SQL on the current reactive session, with named parameters (instants bound as UTC timestamps). */
public final class Sql {
    private Sql() {
    }

    public static <T> Uni<List<T>> list(String sql, Map<String, Object> params, Class<T> type) {
        return Panache.getSession().chain(session -> {
            var query = session.createNativeQuery(sql, type);
            params.forEach((name, value) -> query.setParameter(name, value(value)));
            return query.getResultList();
        });
    }

    public static Uni<Integer> update(String sql, Map<String, Object> params) {
        return Panache.getSession().chain(session -> {
            var query = session.createNativeQuery(sql);
            params.forEach((name, value) -> query.setParameter(name, value(value)));
            return query.executeUpdate();
        });
    }

    public static Object value(Object value) {
        return value instanceof Instant instant ? OffsetDateTime.ofInstant(instant, ZoneOffset.UTC) : value;
    }
}
