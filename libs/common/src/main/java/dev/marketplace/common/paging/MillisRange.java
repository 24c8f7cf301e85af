package dev.marketplace.common.paging;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * A caller's date filter ({@code fromDate}/{@code toDate}, {@code gte(...)}/{@code lte(...)}), both ends inclusive and
 * either open, at the precision the API shows timestamps: epoch milliseconds. Rows keep microseconds, so an item shown
 * as {@code 1767225600123} may be stored as {@code ...123.456}: compared with the bound as given it would fall outside
 * {@code lte(1767225600123)}. Here an item is inside when its shown millisecond is: in SQL {@code col >= from} and
 * {@code col < to + 1 ms} ({@link SqlFilter#andWithin}).
 */
public record MillisRange(Instant from, Instant to) {
    /** Bounds finer than a millisecond (an ISO-8601 instant may carry them) are cut to the millisecond they show. */
    public MillisRange {
        from = from == null ? null : from.truncatedTo(ChronoUnit.MILLIS);
        to = to == null ? null : to.truncatedTo(ChronoUnit.MILLIS);
    }

    /** Inclusive lower bound for {@code col >= ?}, or null when open. */
    public OffsetDateTime sqlFrom() {
        return from == null ? null : from.atOffset(ZoneOffset.UTC);
    }

    /** Exclusive upper bound for {@code col < ?} (the millisecond after {@code to}), or null when open. */
    public OffsetDateTime sqlToExclusive() {
        if (to == null) {
            return null;
        }
        try {
            return to.plusMillis(1).atOffset(ZoneOffset.UTC);
        } catch (DateTimeException | ArithmeticException e) {
            return null; // Instant.MAX: nothing lies beyond it
        }
    }
}
