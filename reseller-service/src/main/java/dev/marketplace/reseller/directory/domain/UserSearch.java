package dev.marketplace.reseller.directory.domain;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;

/**
 * Filters of the users listing (one row per user and company); null means "any". Whose members: {@code company}
 * alone when given, else the customers linked to {@code linkedTo}, else (both null) the reseller program's
 * companies. {@code statuses}: account-service user statuses.
 */
public record UserSearch(String partner, UUID company, Set<UUID> linkedTo, Set<String> statuses, String searchText,
        Instant from, Instant to, SortField sortField, boolean ascending) {

    public enum SortField {
        CUSTOMER_ID, EMAIL, FIRST_NAME
    }

    /** One row of the listing: a member and the company it is listed with. */
    public record Row(UUID companyId, UUID userId) {
    }
}
