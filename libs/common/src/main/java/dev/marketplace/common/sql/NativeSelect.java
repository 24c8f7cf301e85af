package dev.marketplace.common.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.hibernate.reactive.mutiny.Mutiny;

import io.smallrye.mutiny.Uni;

/**
 * Native selects of scalar values (ids, counts, sequence numbers), typed after they are read.
 * <p>
 * Why not {@code session.createNativeQuery(sql, Long.class)}: Hibernate Reactive gives a native query typed by a basic
 * class a result mapping that equals no other ({@code ImplicitResultClassBuilder} has no {@code equals}), so each run of
 * the same SQL misses Hibernate's query plan cache and adds one more entry under the same hash, the SQL's. Lookups of
 * that SQL then walk every such entry (up to the cache's 2,048), comparing the SQL text of each: 6 % of catalog's CPU
 * on storefront pages, and the churn evicts the cached interpretations of HQL queries too. A native query created for
 * {@code Object} has an empty dynamic mapping, equal for equal SQL, and is cached once.
 */
public final class NativeSelect {
    private NativeSelect() {
    }

    /** The query of {@code sql}, untyped: one column's rows are its values, several columns' are {@code Object[]}. */
    public static Mutiny.SelectionQuery<Object> of(Mutiny.Session session, String sql) {
        return session.createNativeQuery(sql, Object.class);
    }

    /** The rows of a one-column {@code query}, as {@code type}. */
    public static <T> Uni<List<T>> list(Mutiny.SelectionQuery<Object> query, Class<T> type) {
        return query.getResultList().map(rows -> {
            List<T> typed = new ArrayList<>(rows.size());
            for (Object row : rows) {
                typed.add(as(type, row));
            }
            return typed;
        });
    }

    /** The one row of a one-column {@code query}, as {@code type} (Hibernate's rules: none or several is an error). */
    public static <T> Uni<T> single(Mutiny.SelectionQuery<Object> query, Class<T> type) {
        return query.getSingleResult().map(value -> as(type, value));
    }

    /** A column's value as {@code type}: numbers widen or narrow to the integer type asked for. */
    public static <T> T as(Class<T> type, Object value) {
        if (value == null || type.isInstance(value)) {
            return type.cast(value);
        }
        if (value instanceof Number n) {
            if (type == Long.class) {
                return type.cast(n.longValue());
            }
            if (type == Integer.class) {
                return type.cast(n.intValue());
            }
        }
        if (type == UUID.class && value instanceof String s) {
            return type.cast(UUID.fromString(s));
        }
        throw new IllegalStateException("a column of " + value.getClass().getSimpleName() + " read as " + type.getSimpleName());
    }
}
