package dev.marketplace.catalog.product.domain;

/** What the storefront list is sorted by ({@code sortField}); the repository knows each one's columns and index. */
public enum ListingSort {
    NAME, PUBLISHED_ON, LAST_MODIFIED
}
