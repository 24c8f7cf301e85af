package dev.marketplace.catalog.product.service;

import dev.marketplace.catalog.product.domain.PublicationStatus;

/**
 * Which products a storefront page holds; null means "any". {@code onlyVisible} keeps the products visible on the
 * marketplace; {@code text} is matched as a case-insensitive substring.
 */
public record ListingQuery(String partner, PublicationStatus status, boolean onlyVisible, String productType,
        Boolean featured, String text) {
}
