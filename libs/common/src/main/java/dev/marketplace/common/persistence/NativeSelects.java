package dev.marketplace.common.persistence;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.quarkus.arc.Arc;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;

/**
 * Native selects that need no transaction (a list's page ids, capped count and counter; a sequence's next value), run
 * straight on the reactive client's pool, not through Hibernate Reactive. Hibernate keeps a native query's plan under
 * its SQL and its result mapping, but Hibernate Reactive wraps every native select's mapping in a new object that
 * equals no other ({@code ReactiveResultSetMapping}): each run of the same SQL misses the plan cache, interprets the SQL
 * again and adds one more entry, all of one hash, so each lookup compares the SQL with every copy in the cache (7 % of
 * account-service's CPU in a {@code bench/lists} profile, and the copies push the HQL plans out of the bounded cache).
 * These selects need nothing of a session (lists read committed rows outside any transaction; a sequence value is not
 * transactional), so they run on a connection of their own. A select that must see its own transaction's writes or
 * take its locks stays on the session.
 */
public final class NativeSelects {
    private static final Pattern NUMBERED = Pattern.compile("\\?(\\d+)");
    /** Selects made, for tests that count a page's statements beside Hibernate's statistics. */
    private static final LongAdder EXECUTED = new LongAdder();

    private NativeSelects() {
    }

    /** The rows of {@code sql}, written with Hibernate's numbered placeholders ({@code ?1}), bound to {@code params}. */
    public static Uni<List<Row>> rows(String sql, List<Object> params) {
        EXECUTED.increment();
        return pool().preparedQuery(postgres(sql)).execute(Tuple.from(new ArrayList<>(params))).map(rowSet -> {
            List<Row> rows = new ArrayList<>(rowSet.size());
            rowSet.forEach(rows::add);
            return rows;
        });
    }

    /** The first column of each row of {@code sql}, as {@code type} ({@link #as}). */
    public static <T> Uni<List<T>> column(String sql, List<Object> params, Class<T> type) {
        return rows(sql, params).map(rows -> rows.stream().map(row -> as(row.getValue(0), type)).toList());
    }

    /** How many selects were made here since the service started (each one runs: the lists subscribe to them all). */
    public static long executed() {
        return EXECUTED.sum();
    }

    /** A column's value as {@code type}: a number widened or narrowed to {@code Long} or {@code Integer}, else cast. */
    public static <T> T as(Object value, Class<T> type) {
        if (value instanceof Number n && !type.isInstance(value)) {
            if (type == Long.class) {
                return type.cast(n.longValue());
            }
            if (type == Integer.class) {
                return type.cast(n.intValue());
            }
        }
        return type.cast(value);
    }

    /** {@code ?1} as PostgreSQL writes it, {@code $1}. */
    static String postgres(String sql) {
        Matcher numbered = NUMBERED.matcher(sql);
        return numbered.replaceAll("\\$$1");
    }

    private static Pool pool() {
        return Arc.container().instance(Pool.class).get();
    }
}
