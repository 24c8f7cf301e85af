package dev.marketplace.common.paging;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/**
 * Reads the {@link CommonWords} of a searchable column from PostgreSQL's statistics and keeps them for
 * {@link #FRESH_FOR}, so that a text filter costs the statistics query once per column and period, not once per call.
 */
@ApplicationScoped
public class CommonWordsReader {
    /** How long a column's sample is used before it is read again (autovacuum's ANALYZE renews it as rows change). */
    static final Duration FRESH_FOR = Duration.ofMinutes(10);

    private record Loaded(CommonWords words, long at) {
    }

    private final Map<String, Loaded> loaded = new ConcurrentHashMap<>();

    /**
     * The common words of {@code table.column} for a filter by {@code term}: known at once for no term or one without a
     * word the index could use, or when the column's sample was read in the last {@link #FRESH_FOR}; otherwise the
     * sample is read on the current session first.
     */
    public Uni<CommonWords> of(String table, String column, String term) {
        if (term == null || SqlFilter.words(term).isEmpty()) {
            return Uni.createFrom().item(CommonWords.NONE);
        }
        String key = table + "." + column;
        Loaded known = loaded.get(key);
        long now = System.nanoTime();
        if (known != null && now - known.at() < FRESH_FOR.toNanos()) {
            return Uni.createFrom().item(known.words());
        }
        return Panache.getSession().chain(session -> session.createNativeQuery(CommonWords.STATISTICS_SQL, Object[].class)
                .setParameter(1, table).setParameter(2, column).getResultList())
                .map(rows -> {
                    CommonWords words = CommonWords.fromStatistics(rows);
                    loaded.put(key, new Loaded(words, now));
                    return words;
                });
    }
}
