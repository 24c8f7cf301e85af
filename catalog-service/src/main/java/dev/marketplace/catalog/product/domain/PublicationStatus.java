package dev.marketplace.catalog.product.domain;

/** Where a product is in its publication life cycle: DRAFT → PUBLISHED ⇄ UNPUBLISHED. Buyers see PUBLISHED only. */
public enum PublicationStatus {
    DRAFT, PUBLISHED, UNPUBLISHED
}
