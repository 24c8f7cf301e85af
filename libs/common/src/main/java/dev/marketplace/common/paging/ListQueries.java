package dev.marketplace.common.paging;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.hibernate.FlushMode;

import dev.marketplace.common.persistence.NativeSelects;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/**
 * Runs a list's queries: the page (the ids of the page from a narrow select that an index answers alone, even for deep
 * pages, then the rows of those ids on the current reactive session), the capped count of a filtered list, and the
 * counter of an unfiltered one. The native selects run on the reactive client's pool ({@link NativeSelects}).
 */
public final class ListQueries {
    private ListQueries() {
    }

    /**
     * Makes the current session a reader's, for a list page: entities it loads from now on are read-only (no snapshot
     * kept) and nothing is flushed before its queries. A page loads a hundred entities or more; without this, every later
     * query of the page first dirty-checks all of them (about a tenth of a storefront page's CPU). A session inside a
     * transaction is left as it is: what it changes must still be written.
     */
    public static Uni<Void> readOnlySession() {
        return Panache.getSession().invoke(session -> {
            if (session.currentTransaction() == null) {
                session.setDefaultReadOnly(true);
                session.setFlushMode(FlushMode.MANUAL);
            }
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
     * for their rows by primary key ({@code idAttribute} of {@code entity}), on a reader's session
     * ({@link #readOnlySession}), as is what the page reads after them.
     */
    public static <T, K> Uni<List<T>> page(Class<T> entity, Class<K> idType, String idAttribute, Function<T, K> idOf,
            String pageSql, SqlFilter filter) {
        return NativeSelects.column(pageSql, filter.params(), idType).chain(found -> {
            if (found.isEmpty()) {
                return Uni.createFrom().item(List.<T>of());
            }
            return readOnlySession().chain(Panache::getSession).chain(session -> session.createSelectionQuery("from "
                    + entity.getSimpleName() + " e where e." + idAttribute + " in :ids", entity).setParameter("ids", found)
                    .getResultList())
                    .map(rows -> {
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
        return NativeSelects.column(sql, filter.params(), Long.class).map(n -> Total.ofCapped(n.get(0)));
    }

    /** The exact row count kept by the {@code list_counter_track} trigger for {@code list} in {@code scope}. */
    public static Uni<Long> counter(String list, Object scope) {
        return NativeSelects.column("select n from list_counter where list = ?1 and scope = ?2",
                List.of(list, scope.toString()), Long.class).map(rows -> rows.isEmpty() ? 0L : Math.max(0L, rows.get(0)));
    }
}
