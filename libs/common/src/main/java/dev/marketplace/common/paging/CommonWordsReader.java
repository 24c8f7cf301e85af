package dev.marketplace.common.paging;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.cache.CacheKey;
import io.quarkus.cache.CacheResult;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/**
 * Reads the {@link CommonWords} of a searchable column from PostgreSQL's statistics and keeps them in the
 * {@value #CACHE} cache (10 minutes by default, {@code quarkus.cache.caffeine."common-words".expire-after-write}), so
 * that a text filter costs the statistics query once per column and period, not once per call.
 */
@ApplicationScoped
public class CommonWordsReader {
    static final String CACHE = "common-words";

    /**
     * The common words of {@code table.column} for a filter by {@code term}: none for no term or one without a word the
     * index could use, else the column's sample.
     */
    public Uni<CommonWords> of(String table, String column, String term) {
        if (term == null || SqlFilter.words(term).isEmpty()) {
            return Uni.createFrom().item(CommonWords.NONE);
        }
        return sample(table, column);
    }

    /** The sample of {@code table.column}, read on the current session when the cache does not hold it. */
    @CacheResult(cacheName = CACHE)
    Uni<CommonWords> sample(@CacheKey String table, @CacheKey String column) {
        return Panache.getSession().chain(session -> session.createNativeQuery(CommonWords.STATISTICS_SQL, Object[].class)
                .setParameter(1, table).setParameter(2, column).getResultList())
                .map(CommonWords::fromStatistics);
    }
}
