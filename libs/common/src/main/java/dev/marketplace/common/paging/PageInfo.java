package dev.marketplace.common.paging;

public record PageInfo(int size, long totalElements, int totalPages, int number) {
}
