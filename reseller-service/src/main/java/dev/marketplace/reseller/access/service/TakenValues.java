package dev.marketplace.reseller.access.service;

import dev.marketplace.common.error.ApiException;

/**
 * The answer for a unique value (an email, an externalId) held by something the caller does not see: a 400 naming the
 * field, "is not available", which says neither that a user or company holds it nor where. Only a holder the caller
 * sees is named a duplicate (409 DUPLICATE_*). Uniqueness itself stays marketplace-wide: nothing is created.
 */
public final class TakenValues {
    public static final String UNAVAILABLE = "is not available";

    private TakenValues() {
    }

    public static ApiException unavailable(String field) {
        return ApiException.invalidField(field, UNAVAILABLE);
    }
}
