package dev.marketplace.common.paging;

import java.util.ArrayList;
import java.util.List;

/**
 * How often a word occurs in a searchable text column, estimated from the sample PostgreSQL's planner keeps of it
 * ({@code pg_stats}: its most common values with their frequencies, and a histogram of the rest), as the planner itself
 * estimates a {@code like '%word%'}.
 * <p>
 * A "contains" filter of several words asks the column's trigram index for each word ({@link SqlFilter#andContains}).
 * A common word is costly there: the index reads the posting lists of all its trigrams, and a rare word beside it
 * already narrows the rows to a few. At 1,000,000 groups, "lomemu support" (support: every eighth group) took 3.3 ms
 * in the index with both words and 0.4 ms with "lomemu" alone, the whole term then matched on the rows it found. So a
 * word this sample shows to be common is left to the whole-term match, as long as a word that is not common remains
 * for the index. A wrong estimate costs time, never a row: every row is matched against the whole term.
 * <p>
 * A service reads a column's sample through {@link CommonWordsReader}, which keeps it for a while.
 */
public final class CommonWords {
    /** Knows no word: every word of a term goes to the index. */
    public static final CommonWords NONE = new CommonWords(List.of(), List.of(), List.of(), 0, null);

    /**
     * A word at least this frequent is common: 3 of the default histogram's 101 values. A word in one or two of them
     * cannot be told from a rare word by a sample that size, and stays in the index.
     */
    static final double COMMON = 0.025;

    /**
     * The sample of {@code ?1.?2} (table, column) in the current schema: a row per most common value with its
     * frequency, then a row per histogram value with a null frequency, and the share of rows the histogram stands for.
     */
    public static final String STATISTICS_SQL = """
            select m.v, m.f, 1 - s.null_frac - coalesce((select sum(x) from unnest(s.most_common_freqs) x), 0)
            from pg_stats s, unnest(cast(cast(s.most_common_vals as text) as text[]), s.most_common_freqs) as m(v, f)
            where s.schemaname = current_schema() and s.tablename = ?1 and s.attname = ?2
            union all
            select h.v, null, 1 - s.null_frac - coalesce((select sum(x) from unnest(s.most_common_freqs) x), 0)
            from pg_stats s, unnest(cast(cast(s.histogram_bounds as text) as text[])) as h(v)
            where s.schemaname = current_schema() and s.tablename = ?1 and s.attname = ?2""";

    private final List<String> frequentValues;
    private final List<Double> frequencies;
    private final List<String> histogram;
    private final double histogramShare;
    /** Another column's sample the filter also looks in (see {@link #or}), or null. */
    private final CommonWords also;

    private CommonWords(List<String> frequentValues, List<Double> frequencies, List<String> histogram,
            double histogramShare, CommonWords also) {
        this.frequentValues = frequentValues;
        this.frequencies = frequencies;
        this.histogram = histogram;
        this.histogramShare = histogramShare;
        this.also = also;
    }

    /** From the rows of {@link #STATISTICS_SQL}: value, frequency (null for a histogram value), histogram share. */
    public static CommonWords fromStatistics(List<Object[]> rows) {
        List<String> frequent = new ArrayList<>();
        List<Double> frequencies = new ArrayList<>();
        List<String> histogram = new ArrayList<>();
        double share = 0;
        for (Object[] row : rows) {
            if (row[0] == null) {
                continue;
            }
            String value = row[0].toString().toLowerCase();
            if (row[1] == null) {
                histogram.add(value);
            } else {
                frequent.add(value);
                frequencies.add(((Number) row[1]).doubleValue());
            }
            share = row[2] == null ? 0 : ((Number) row[2]).doubleValue();
        }
        return new CommonWords(List.copyOf(frequent), List.copyOf(frequencies), List.copyOf(histogram), share, null);
    }

    /** The estimated share of rows whose value (in this sample's column) contains {@code word}. */
    public double frequency(String word) {
        double frequency = 0;
        for (int i = 0; i < frequentValues.size(); i++) {
            if (frequentValues.get(i).contains(word)) {
                frequency += frequencies.get(i);
            }
        }
        if (!histogram.isEmpty()) {
            long hits = histogram.stream().filter(value -> value.contains(word)).count();
            frequency += histogramShare * hits / histogram.size();
        }
        return frequency;
    }

    /** True if {@code word} is in at least {@link #COMMON} of the rows, by the sample (or by the other one's). */
    public boolean isCommon(String word) {
        return frequency(word) >= COMMON || also != null && also.isCommon(word);
    }

    /** The words of a filter that looks in two columns: common if common in either sample. */
    public CommonWords or(CommonWords other) {
        return new CommonWords(frequentValues, frequencies, histogram, histogramShare,
                also == null ? other : also.or(other));
    }
}
