package dev.marketplace.billing.collection.domain;

import java.util.UUID;

/**
 * A card on file expiring soon, with what billing knows of its user from their latest invoice (email, locale, first
 * name, company name; null when they were never invoiced). No provider id or token.
 */
public record ExpiringCard(UUID id, String partner, UUID company, UUID user, String brand, String last4, int expirationMonth,
        int expirationYear, String email, String locale, String firstName, String companyName) {
}
