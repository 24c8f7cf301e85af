package dev.marketplace.common.paging;

import java.util.List;
import java.util.function.Supplier;

import io.smallrye.mutiny.Uni;

/**
 * A page of a list and the list's total, read in that order: the page first, because a page that is not full tells the
 * total by itself ({@link Total#unlessThePageTells}), so a selective filter is answered by one scan instead of two.
 */
public record Paged<T>(List<T> rows, Total total) {
    /** The page {@code rows} reads at {@code offset} (at most {@code size} rows), then the total, from {@code count} if need be. */
    public static <T> Uni<Paged<T>> read(long offset, int size, Uni<List<T>> rows, Supplier<Uni<Total>> count) {
        return rows.chain(found -> Total.unlessThePageTells(offset, size, found.size(), count)
                .map(total -> new Paged<>(found, total)));
    }

    public static <T> Uni<Paged<T>> read(PageRequest page, Uni<List<T>> rows, Supplier<Uni<Total>> count) {
        return read(page.offset(), page.size(), rows, count);
    }
}
