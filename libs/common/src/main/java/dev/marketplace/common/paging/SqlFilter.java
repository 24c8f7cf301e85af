package dev.marketplace.common.paging;

import java.time.Instant;
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
    private boolean rareText;

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

    /**
     * Adds a caller's date filter on {@code column} (a {@code timestamptz}), both ends inclusive at the millisecond the
     * API shows ({@link MillisRange}): {@code column >= from} and {@code column < to + 1 ms}; an open end adds nothing.
     */
    public SqlFilter andWithin(String column, MillisRange range) {
        if (range.sqlFrom() != null) {
            and(column + " >= ?", range.sqlFrom());
        }
        if (range.sqlToExclusive() != null) {
            and(column + " < ?", range.sqlToExclusive());
        }
        return this;
    }

    /** Same, for {@code from} and {@code to} as a caller gave them (either may be null). */
    public SqlFilter andWithin(String column, Instant from, Instant to) {
        return andWithin(column, new MillisRange(from, to));
    }

    /**
     * Adds a caller's "contains" filter on {@code column}, a lower-case text column with a {@code pg_trgm} GIN index:
     * the column contains {@code text}, ignoring case. A term of several words ({@code lomemu support},
     * {@code jokipa.hulomi5123457}) is looked up in the index by each word of three or more letters or digits
     * ({@code column like '%lomemu%' and column like '%support%'}) and then matched whole ({@code strpos}): the whole
     * term's pattern would also ask the index for the trigrams of the word boundaries inside it ({@code "  s"}, {@code
     * " su"}: every word starting with s), the longest posting lists of all, which cost most of such a filter's time
     * (at 1,000,000 rows, a group's "lomemu support" read 371 index buffers in 17-23 ms, its words 228 in 3.3 ms). A
     * term of one word is the plain {@code like}.
     */
    public SqlFilter andContains(String column, String text) {
        return andContains(column, text, CommonWords.NONE);
    }

    /**
     * Same, leaving the words {@code common} knows to be common to the whole-term match, as long as another word of
     * the term goes to the index ({@link CommonWords}: the index reads the long posting lists of a common word's
     * trigrams, where a rarer word beside it has already found the few rows).
     */
    public SqlFilter andContains(String column, String text, CommonWords common) {
        return andContainsAny(common, text, column);
    }

    /**
     * Adds a caller's "contains" filter on several columns: one of {@code columns} contains {@code text}, each looked
     * up in its own trigram index as {@link #andContains} does, the words {@code common} knows to be common (in any of
     * the columns' samples) left to the whole-term match.
     */
    public SqlFilter andContainsAny(CommonWords common, String text, String... columns) {
        StringBuilder clause = new StringBuilder();
        List<Object> values = new ArrayList<>();
        for (String column : columns) {
            Condition condition = containsCondition(column, text, common);
            clause.append(clause.isEmpty() ? "" : " or ")
                    .append(columns.length == 1 ? condition.clause() : "(" + condition.clause() + ")");
            values.addAll(condition.values());
        }
        return andText(text, common, clause.toString(), values.toArray());
    }

    /** A condition of a where-clause, its values in the order of its placeholders. */
    public record Condition(String clause, List<Object> values) {
    }

    /**
     * The condition "{@code column} contains {@code text}", ignoring case, for a list that writes it into a clause of its
     * own (a subquery): the words of the term that {@code common} does not know to be common each asked of the column's
     * trigram index, then the whole term matched (see {@link #andContains}).
     */
    public static Condition containsCondition(String column, String text, CommonWords common) {
        String term = text.trim().toLowerCase();
        List<String> words = words(term);
        if (words.isEmpty() || words.size() == 1 && words.get(0).equals(term)) {
            return new Condition(column + " like ? escape '\\'", List.of(contains(text)));
        }
        List<String> indexed = words.stream().filter(word -> !common.isCommon(word)).toList();
        StringBuilder clause = new StringBuilder();
        List<Object> values = new ArrayList<>();
        for (String word : indexed.isEmpty() ? words : indexed) {
            // letters and digits only: nothing to escape
            clause.append(column).append(" like ? and ");
            values.add("%" + word + "%");
        }
        clause.append("strpos(").append(column).append(", ?) > 0");
        values.add(term);
        return new Condition(clause.toString(), List.copyOf(values));
    }

    /**
     * Adds a caller's text filter that the list writes itself ({@code clause}, such as a name or an external id
     * containing the term), for {@code term}: its rows are {@linkplain #rareText rare} when a word of the term is not
     * common by {@code common}, the sample of the columns the clause looks in.
     */
    public SqlFilter andText(String term, CommonWords common, String clause, Object... values) {
        rareText |= words(term).stream().anyMatch(word -> !common.isCommon(word));
        return and(clause, values);
    }

    /** The words of three or more letters or digits of {@code term}, in lower case, in order. */
    static List<String> words(String term) {
        String lower = term.trim().toLowerCase();
        List<String> words = new ArrayList<>();
        int start = -1;
        for (int i = 0; i <= lower.length(); i++) {
            boolean wordChar = i < lower.length() && Character.isLetterOrDigit(lower.charAt(i));
            if (wordChar && start < 0) {
                start = i;
            } else if (!wordChar && start >= 0) {
                if (i - start >= 3) {
                    words.add(lower.substring(start, i));
                }
                start = -1;
            }
        }
        return words;
    }

    /**
     * True once a text filter was added with a word that is not common by the column's sample (so every text filter
     * when the sample was not read): its rows are expected to be few, and {@link ListQueries#pageSql} finds them through
     * the text index before ordering them. Left to itself, the planner may walk the ordering index instead, checking
     * each row against the text, when the sample happened to hold one of the word's rare rows: that estimates the word
     * at 1 % of the rows instead of 0.02 %, so a page of 50 looks near, and the walk reads the whole index (at
     * 1,000,000 groups, 415 ms instead of 9 ms).
     */
    public boolean rareText() {
        return rareText;
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
