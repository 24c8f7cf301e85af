package dev.marketplace.common.paging;

public record Link(String rel, String href) {
}
