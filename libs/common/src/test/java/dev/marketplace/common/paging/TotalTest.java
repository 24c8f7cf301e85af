package dev.marketplace.common.paging;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import io.smallrye.mutiny.Uni;

class TotalTest {
    private final AtomicInteger counted = new AtomicInteger();

    private Uni<Total> count() {
        counted.incrementAndGet();
        return Uni.createFrom().item(Total.ofCapped(10_001));
    }

    private Total total(int page, int size, int found) {
        return Total.unlessThePageTells(PageRequest.of(page, size, size), found, this::count).await().indefinitely();
    }

    @Test
    void aPageThatIsNotFullIsTheLastSoItTellsTheTotalWithoutACount() {
        assertEquals(Total.exact(7), total(0, 50, 7));
        assertEquals(Total.exact(0), total(0, 50, 0));
        assertEquals(Total.exact(107), total(2, 50, 7));
        assertEquals(0, counted.get(), "no count was run");
    }

    @Test
    void aFullPageOrAnEmptyPagePastTheFirstAsksTheCount() {
        assertEquals(new Total(Total.CAP, true), total(0, 50, 50));
        assertEquals(new Total(Total.CAP, true), total(3, 50, 0));
        assertEquals(2, counted.get());
    }

    @Test
    void aPagedReadTakesThePageFirstAndCountsOnlyAFullPage() {
        Paged<String> last = Paged.read(100, 50, Uni.createFrom().item(java.util.List.of("a", "b")), this::count)
                .await().indefinitely();
        assertEquals(java.util.List.of("a", "b"), last.rows());
        assertEquals(Total.exact(102), last.total());
        assertEquals(0, counted.get(), "no count was run");
        Paged<String> full = Paged.read(PageRequest.of(0, 2, 2), Uni.createFrom().item(java.util.List.of("a", "b")),
                this::count).await().indefinitely();
        assertEquals(new Total(Total.CAP, true), full.total());
        assertEquals(1, counted.get());
    }

    @Test
    void aCountBeyondTheCapIsFlaggedAndAnExactOneIsNot() {
        assertEquals(new Total(Total.CAP, true), Total.ofCapped(Total.CAP + 1));
        assertEquals(Total.exact(Total.CAP), Total.ofCapped(Total.CAP));
    }
}
