package dev.marketplace.common.paging;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The where-clause of a native list query, built from a list's filters: {@code and("c.partner = ?", partner)} numbers
 * each {@code ?} as a positional parameter, so that the page query and its capped count share one clause and one
 * parameter list. Text filters use {@link #contains}, which a {@code pg_trgm} GIN index answers.
 */
public final class SqlFilter {
    private final StringBuilder where = new StringBuilder();
    private final List<Object> params = new ArrayList<>();
    private boolean narrowed;

    /** Starts with the list's scope (partner, company, ...): a list with nothing more is "unfiltered". */
    public static SqlFilter scope(String clause, Object... values) {
        SqlFilter filter = new SqlFilter();
        filter.append(clause, values);
        return filter;
    }

    /** Adds a filter the caller asked for: the list is now filtered, and its total is a capped count. */
    public SqlFilter and(String clause, Object... values) {
        narrowed = true;
        return append(clause, values);
    }

    /** Adds a clause that is part of the list's definition (not a caller's filter), such as "not deleted". */
    public SqlFilter always(String clause, Object... values) {
        return append(clause, values);
    }

    private SqlFilter append(String clause, Object... values) {
        if (!where.isEmpty()) {
            where.append(" and ");
        }
        int next = 0;
        StringBuilder numbered = new StringBuilder(clause.length() + 8);
        for (int i = 0; i < clause.length(); i++) {
            char c = clause.charAt(i);
            if (c == '?') {
                if (next >= values.length) {
                    throw new IllegalArgumentException("more placeholders than values in: " + clause);
                }
                params.add(values[next++]);
                numbered.append('?').append(params.size());
            } else {
                numbered.append(c);
            }
        }
        if (next != values.length) {
            throw new IllegalArgumentException("more values than placeholders in: " + clause);
        }
        where.append('(').append(numbered).append(')');
        return this;
    }

    /** True once a caller's filter was added. */
    public boolean narrowed() {
        return narrowed;
    }

    public String where() {
        return where.toString();
    }

    public List<Object> params() {
        return Collections.unmodifiableList(params);
    }

    /** The parameter of {@code lower(column) like ?}: the text in lower case, LIKE wildcards escaped, within %...%. */
    public static String contains(String text) {
        return "%" + text.trim().toLowerCase().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }
}
