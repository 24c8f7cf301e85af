package dev.marketplace.testkit;

import java.util.ArrayList;
import java.util.List;

/**
 * The date filters around the millisecond an item shows (its epoch-millisecond timestamp as the API answers it): a
 * bound at that very millisecond, from either side, includes the item; a bound one millisecond off excludes it.
 */
public final class DateBounds {
    private DateBounds() {
    }

    /** Whether a list filtered from {@code from} to {@code to} (inclusive, epoch milliseconds, null: open) has the item. */
    @FunctionalInterface
    public interface Lookup {
        boolean found(Long from, Long to);
    }

    /** The bounds {@code lookup} judges wrongly for an item shown at {@code shown}; empty when every one is right. */
    public static List<String> misjudged(long shown, Lookup lookup) {
        List<String> wrong = new ArrayList<>();
        check(wrong, lookup, shown, null, true);
        check(wrong, lookup, null, shown, true);
        check(wrong, lookup, shown, shown, true);
        check(wrong, lookup, shown + 1, null, false);
        check(wrong, lookup, null, shown - 1, false);
        check(wrong, lookup, shown + 1, shown + 1, false);
        return wrong;
    }

    private static void check(List<String> wrong, Lookup lookup, Long from, Long to, boolean expected) {
        if (lookup.found(from, to) != expected) {
            wrong.add("from " + from + " to " + to + (expected ? " misses" : " includes") + " the item");
        }
    }
}
