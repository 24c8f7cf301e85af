package dev.marketplace.common.paging;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.hibernate.FlushMode;
import org.hibernate.reactive.mutiny.Mutiny;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/**
 * Runs a list's queries on the current reactive session: the page (the ids of the page from a narrow select that an
 * index answers alone, even for deep pages, then the rows of those ids), the capped count of a filtered list, and the
 * counter of an unfiltered one.
 */
public final class ListQueries {
    private ListQueries() {
    }

    /**
     * Makes the current session a reader's, for a list page: entities it loads from now on are read-only (no snapshot
     * kept) and nothing is flushed before its queries. A page loads a hundred entities or more; without this, every later
     * query of the page first dirty-checks all of them (about a tenth of a storefront page's CPU).
     */
    public static Uni<Void> readOnlySession() {
        return Panache.getSession().invoke(session -> {
            session.setDefaultReadOnly(true);
            session.setFlushMode(FlushMode.MANUAL);
        }).replaceWithVoid();
    }

    /**
     * {@code select <id> from <table> <alias> where <filter> order by <order> offset .. limit ..}.
     *
     * @param table the table and its alias, e.g. {@code company c}
     * @param id the qualified primary key column, e.g. {@code c.uuid} (or the columns of a composite key)
     * @param order the order, with a unique tie-breaker last, e.g. {@code c.sort_name desc, c.uuid desc}
     */
    public static String pageSql(String table, String id, SqlFilter filter, String order, PageRequest page) {
        return pageSql(table, id, filter, order, page.offset(), page.size());
    }

    /**
     * Same, for lists paged by offset and limit rather than page number and size (GraphQL, start/count lists). A filter
     * with {@linkplain SqlFilter#rareText rare text} selects its rows in a subquery the planner cannot merge into the
     * ordered page ({@code offset 0}), so they are found through the text index and then ordered, whatever the planner
     * estimates of the text: a page of a few matching rows costs those rows, never a walk of the ordering index.
     */
    public static String pageSql(String table, String id, SqlFilter filter, String order, long offset, int limit) {
        String page = " order by " + order + " offset " + offset + " limit " + limit;
        if (filter.rareText()) {
            String alias = table.substring(table.lastIndexOf(' ') + 1);
            return "select " + id + " from (select * from " + table + " where " + filter.where() + " offset 0) " + alias
                    + page;
        }
        return "select " + id + " from " + table + " where " + filter.where() + page;
    }

    /**
     * The entities of a page, in the page's order: the ids from {@code pageSql} ({@link #pageSql}), then one query
     * for their rows by primary key ({@code idAttribute} of {@code entity}).
     */
    public static <T, K> Uni<List<T>> page(Class<T> entity, Class<K> idType, String idAttribute, Function<T, K> idOf,
            String pageSql, SqlFilter filter) {
        return Panache.getSession().chain(session -> {
            Mutiny.SelectionQuery<K> ids = session.createNativeQuery(pageSql, idType);
            bind(ids, filter);
            return ids.getResultList().chain(found -> {
                if (found.isEmpty()) {
                    return Uni.createFrom().item(List.<T>of());
                }
                return session.createSelectionQuery("from " + entity.getSimpleName() + " e where e." + idAttribute
                        + " in :ids", entity).setParameter("ids", found).getResultList().map(rows -> {
                            Map<K, T> byId = new HashMap<>();
                            rows.forEach(row -> byId.put(idOf.apply(row), row));
                            List<T> ordered = new ArrayList<>(found.size());
                            for (K id : found) {
                                T row = byId.get(id);
                                if (row != null) {
                                    ordered.add(row);
                                }
                            }
                            return ordered;
                        });
            });
        });
    }

    /**
     * The total of a list: the counter of its scope when the caller filtered nothing, else a count of at most
     * {@link Total#CAP} + 1 rows of {@code from} ({@code from <table> <alias>}) under the filter.
     */
    public static Uni<Total> total(String from, SqlFilter filter, String list, Object scope) {
        if (!filter.narrowed()) {
            return counter(list, scope).map(Total::exact);
        }
        String sql = Total.cappedCountSql("select 1 " + from + " where " + filter.where());
        return Panache.getSession().chain(session -> {
            Mutiny.SelectionQuery<Long> query = session.createNativeQuery(sql, Long.class);
            bind(query, filter);
            return query.getSingleResult();
        }).map(n -> Total.ofCapped(n.longValue()));
    }

    /** The exact row count kept by the {@code list_counter_track} trigger for {@code list} in {@code scope}. */
    public static Uni<Long> counter(String list, Object scope) {
        return Panache.getSession().chain(session -> session
                .createNativeQuery("select n from list_counter where list = ?1 and scope = ?2", Long.class)
                .setParameter(1, list).setParameter(2, scope.toString()).getResultList())
                .map(rows -> rows.isEmpty() ? 0L : Math.max(0L, rows.get(0).longValue()));
    }

    private static void bind(Mutiny.SelectionQuery<?> query, SqlFilter filter) {
        List<Object> params = filter.params();
        for (int i = 0; i < params.size(); i++) {
            query.setParameter(i + 1, params.get(i));
        }
    }
}
