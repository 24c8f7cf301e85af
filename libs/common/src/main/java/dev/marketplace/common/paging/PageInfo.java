package dev.marketplace.common.paging;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The {@code page} object of the paged envelope. {@code totalElementsCapped} is present (true) only when a filtered
 * list matched more rows than are counted exactly ({@link Total#CAP}): {@code totalElements} is then a lower bound.
 */
public record PageInfo(int size, long totalElements, int totalPages, int number,
        @JsonInclude(JsonInclude.Include.NON_NULL) Boolean totalElementsCapped) {

    public PageInfo(int size, long totalElements, int totalPages, int number) {
        this(size, totalElements, totalPages, number, null);
    }
}
