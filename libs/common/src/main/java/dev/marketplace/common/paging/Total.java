package dev.marketplace.common.paging;

import java.util.function.Supplier;

import io.smallrye.mutiny.Uni;

/**
 * How many rows a list has. Unfiltered lists read an exact per-scope counter kept in the same transaction as every
 * insert and delete ({@code list_counter}); filtered lists count at most {@link #CAP} + 1 matching rows, so a count
 * never scans a whole table: beyond the cap the total is {@code CAP} and flagged as a lower bound, never a silently
 * wrong number.
 */
public record Total(long count, boolean capped) {
    /**
     * Rows a filtered list counts exactly. The planner picks the capped count's plan by this number: at 1,000 it read
     * lead's status filter by a sequential scan, which reads the whole table when a status clusters by age. Changing it
     * means running every service's {@code ListPlansTest}.
     */
    public static final int CAP = 10_000;

    public static Total exact(long count) {
        return new Total(count, false);
    }

    /** A count of at most {@code CAP + 1} matching rows, as {@link #cappedCountSql} answers it. */
    public static Total ofCapped(long counted) {
        return counted > CAP ? new Total(CAP, true) : exact(counted);
    }

    /**
     * The total a page tells by itself, else {@code count}: a page with fewer rows than it asked for is the list's last,
     * so the list has exactly {@code offset + found} rows (an empty page past the first tells nothing). A selective
     * filter is then answered by one scan instead of two.
     */
    static Uni<Total> unlessThePageTells(long offset, int size, int found, Supplier<Uni<Total>> count) {
        if (found < size && (found > 0 || offset == 0)) {
            return Uni.createFrom().item(exact(offset + found));
        }
        return count.get();
    }

    static Uni<Total> unlessThePageTells(PageRequest page, int found, Supplier<Uni<Total>> count) {
        return unlessThePageTells(page.offset(), page.size(), found, count);
    }

    /** SQL counting at most {@code CAP + 1} rows of {@code selectFromWhere} (a select without order or limit). */
    public static String cappedCountSql(String selectFromWhere) {
        return "select count(*) from (" + selectFromWhere + " limit " + (CAP + 1) + ") capped";
    }
}
