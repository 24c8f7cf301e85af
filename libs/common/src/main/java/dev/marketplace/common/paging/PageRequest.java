package dev.marketplace.common.paging;

import dev.marketplace.common.error.ApiException;

/** A validated zero-based page request. */
public record PageRequest(int page, int size) {
    public static final int MAX_SIZE = 1000;
    /**
     * The deepest row a page may start at: 2,000 pages of 50. Deeper pages are refused with a 400 naming {@code page}:
     * an offset is walked row by row through the list's index, about 15 ms per 100,000 rows in PostgreSQL alone, so
     * page 10,000 (row 500,000) would cost every other caller 80 ms of a core; a list that long is read with its filters.
     */
    public static final long MAX_OFFSET = 100_000;

    /** Parses the textual query parameters (the spec types several of them as strings) and checks the bounds. */
    public static PageRequest of(String page, String size, int defaultSize) {
        int p = parse("page", page, 0);
        int s = parse("size", size, defaultSize);
        if (p < 0) {
            throw ApiException.invalidField("page", "must be zero or greater");
        }
        if (s < 1 || s > MAX_SIZE) {
            throw ApiException.invalidField("size", "must be between 1 and " + MAX_SIZE);
        }
        if ((long) p * s > MAX_OFFSET) {
            throw ApiException.invalidField("page", "at size " + s + " must be at most " + MAX_OFFSET / s
                    + " (lists are paged up to their " + MAX_OFFSET + "th row; narrow the list with its filters)");
        }
        return new PageRequest(p, s);
    }

    public static PageRequest of(Integer page, Integer size, int defaultSize) {
        return of(page == null ? null : page.toString(), size == null ? null : size.toString(), defaultSize);
    }

    private static int parse(String name, String value, int fallback) {
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw ApiException.invalidField(name, "must be an integer between 0 and " + Integer.MAX_VALUE);
        }
    }

    public int offset() {
        return page * size;
    }
}
