package dev.marketplace.common.paging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;

import org.junit.jupiter.api.Test;

class MillisRangeTest {
    /** Shown as 1767225600123, stored with its microseconds. */
    private static final Instant STORED = Instant.parse("2026-01-01T00:00:00.123456Z");
    private static final Instant SHOWN = Instant.ofEpochMilli(STORED.toEpochMilli());

    /** What PostgreSQL would answer for {@code stored >= from and stored < toExclusive}. */
    private static boolean inside(MillisRange range, Instant stored) {
        OffsetDateTime from = range.sqlFrom();
        OffsetDateTime to = range.sqlToExclusive();
        return (from == null || !stored.isBefore(from.toInstant())) && (to == null || stored.isBefore(to.toInstant()));
    }

    @Test
    void anItemIsInsideABoundAtTheMillisecondItShows() {
        assertTrue(inside(new MillisRange(SHOWN, null), STORED), "gte its millisecond");
        assertTrue(inside(new MillisRange(null, SHOWN), STORED), "lte its millisecond");
        assertTrue(inside(new MillisRange(SHOWN, SHOWN), STORED), "a range of that one millisecond");
        assertFalse(inside(new MillisRange(SHOWN.plusMillis(1), null), STORED), "gte the next millisecond");
        assertFalse(inside(new MillisRange(null, SHOWN.minusMillis(1)), STORED), "lte the previous millisecond");
        // the last microsecond of the millisecond is inside, the first of the next one is not
        assertTrue(inside(new MillisRange(null, SHOWN), SHOWN.plusNanos(999_000)));
        assertFalse(inside(new MillisRange(null, SHOWN), SHOWN.plusMillis(1)));
    }

    @Test
    void theBoundsAreTheShownMillisecondAndTheNextOne() {
        MillisRange range = new MillisRange(SHOWN, SHOWN);
        assertEquals(SHOWN, range.sqlFrom().toInstant());
        assertEquals(SHOWN.plusMillis(1), range.sqlToExclusive().toInstant());
        assertEquals(0, range.sqlFrom().getOffset().getTotalSeconds(), "UTC");
    }

    @Test
    void boundsFinerThanAMillisecondAreCutToTheMillisecondTheyShow() {
        // an ISO-8601 bound with microseconds means the millisecond it shows, as an item's timestamp does
        MillisRange range = new MillisRange(STORED.plusNanos(500_000), STORED.minusNanos(100_000));
        assertEquals(SHOWN, range.from());
        assertEquals(SHOWN, range.to());
        assertTrue(inside(range, STORED));
    }

    @Test
    void openEndsAddNoBound() {
        MillisRange open = new MillisRange(null, null);
        assertNull(open.sqlFrom());
        assertNull(open.sqlToExclusive());
        assertNull(new MillisRange(Instant.MAX, Instant.MAX).sqlToExclusive(), "nothing lies after the last instant");
    }

    @Test
    void sqlFilterWritesBothBoundsAsCallerFilters() {
        SqlFilter f = SqlFilter.scope("a.partner = ?", "p").andWithin("a.created_on", SHOWN, SHOWN);
        assertEquals("(a.partner = ?1) and (a.created_on >= ?2) and (a.created_on < ?3)", f.where());
        assertEquals(List.of("p", new MillisRange(SHOWN, null).sqlFrom(), new MillisRange(null, SHOWN).sqlToExclusive()),
                f.params());
        assertTrue(f.narrowed());

        SqlFilter upTo = SqlFilter.scope("a.partner = ?", "p").andWithin("a.created_on", null, SHOWN);
        assertEquals("(a.partner = ?1) and (a.created_on < ?2)", upTo.where());
        assertEquals(SHOWN.plusMillis(1), ((OffsetDateTime) upTo.params().get(1)).toInstant());

        SqlFilter none = SqlFilter.scope("a.partner = ?", "p").andWithin("a.created_on", null, null);
        assertEquals("(a.partner = ?1)", none.where());
        assertFalse(none.narrowed());
    }
}
