package dev.marketplace.common.persistence;

import static io.quarkus.hibernate.orm.runtime.PersistenceUnitUtil.DEFAULT_PERSISTENCE_UNIT_NAME;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.hibernate.reactive.mutiny.Mutiny;
import org.hibernate.reactive.pool.ReactiveConnection;
import org.hibernate.reactive.mutiny.impl.MutinySessionImpl;

import io.quarkus.arc.Arc;
import io.quarkus.hibernate.reactive.panache.common.runtime.SessionOperations;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;

/**
 * Native selects (a list's page ids, capped count and counter; a sequence's next value), run straight on a database
 * connection, not through Hibernate Reactive's queries. Hibernate keeps a native query's plan under its SQL and its
 * result mapping, but Hibernate Reactive wraps every native select's mapping in a new object that equals no other
 * ({@code ReactiveResultSetMapping}): each run of the same SQL misses the plan cache, interprets the SQL again and adds
 * one more entry, all of one hash, so each lookup compares the SQL with every copy in the cache (7 % of
 * account-service's CPU in a {@code bench/lists} profile, and the copies push the HQL plans out of the bounded cache).
 * <p>
 * <b>One connection per request.</b> When the request has a reactive session open, the select runs on the session's
 * own connection; only without one does it borrow a connection from the pool, for that select alone. A session holds
 * its connection from the moment it opens until the request ends, so a select that took a second connection from the
 * pool while its request held the first would deadlock the pool: with as many such requests as connections, every one
 * holds one and waits for another that none releases (a list page of 25 parallel requests froze for the pool's whole
 * acquisition timeout). A select on the session's connection also sees that session's transaction, if it has one.
 */
public final class NativeSelects {
    private static final Pattern NUMBERED = Pattern.compile("\\?(\\d+)");
    /** Selects made, for tests that count a page's statements beside Hibernate's statistics. */
    private static final LongAdder EXECUTED = new LongAdder();
    /** Selects made on a connection of their own, from the pool, for tests that prove the session's was used. */
    private static final LongAdder BORROWED = new LongAdder();

    private NativeSelects() {
    }

    /**
     * The rows of {@code sql}, written with Hibernate's numbered placeholders ({@code ?1}), bound to {@code params},
     * each row as its columns' values.
     */
    public static Uni<List<Object[]>> rows(String sql, List<Object> params) {
        EXECUTED.increment();
        String postgres = postgres(sql);
        ReactiveConnection session = sessionConnection();
        if (session != null) {
            return Uni.createFrom().completionStage(() -> session.select(postgres, params.toArray())).map(result -> {
                List<Object[]> rows = new ArrayList<>(result.size());
                result.forEachRemaining(rows::add);
                return rows;
            });
        }
        BORROWED.increment();
        return pool().preparedQuery(postgres).execute(Tuple.from(new ArrayList<>(params))).map(rowSet -> {
            List<Object[]> rows = new ArrayList<>(rowSet.size());
            for (Row row : rowSet) {
                Object[] values = new Object[row.size()];
                for (int i = 0; i < values.length; i++) {
                    values[i] = row.getValue(i);
                }
                rows.add(values);
            }
            return rows;
        });
    }

    /** The first column of each row of {@code sql}, as {@code type} ({@link #as}). */
    public static <T> Uni<List<T>> column(String sql, List<Object> params, Class<T> type) {
        return rows(sql, params).map(rows -> rows.stream().map(row -> as(row[0], type)).toList());
    }

    /** How many selects were made here since the service started (each one runs: the lists subscribe to them all). */
    public static long executed() {
        return EXECUTED.sum();
    }

    /** How many of them borrowed a connection of their own from the pool, because their request had no session open. */
    public static long borrowed() {
        return BORROWED.sum();
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

    /** The connection of the reactive session open on this request's context, or null when there is none. */
    private static ReactiveConnection sessionConnection() {
        if (Vertx.currentContext() == null) {
            return null;
        }
        Mutiny.Session session = SessionOperations.getCurrentSession(DEFAULT_PERSISTENCE_UNIT_NAME);
        // Hibernate Reactive's Mutiny session is this implementation, whose connection is its own (the internal API is the
        // only way to it: Mutiny.Session does not expose its connection)
        return session instanceof MutinySessionImpl impl ? impl.getReactiveConnection() : null;
    }

    private static Pool pool() {
        return Arc.container().instance(Pool.class).get();
    }
}
