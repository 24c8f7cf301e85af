package dev.marketplace.reseller.directory.domain;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;

/**
 * Filters of the companies listing; null means "any". {@code linkedTo}: the customers linked to these reseller
 * companies; null: the marketplace's reseller program (reseller and referral companies). In the domain package, so that
 * the features listing companies name it without the directory's repository.
 */
public record CompanySearch(String partner, Set<UUID> linkedTo, Boolean active, Boolean enabled, String searchText,
        Instant from, Instant to, Kind kind, Boolean channelAdmin, SortField sortField, boolean ascending) {

    public enum SortField {
        COMPANY_ID, CREATED_ON
    }

    public enum Kind {
        VENDORS, NON_VENDORS, RESELLERS
    }
}
