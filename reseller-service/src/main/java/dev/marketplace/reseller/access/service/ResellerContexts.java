package dev.marketplace.reseller.access.service;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.input.QueryParams;

/** The {@code context} query parameter every reseller-context operation requires. */
public final class ResellerContexts {
    private ResellerContexts() {
    }

    public static ResellerContext required(String context) {
        ResellerContext parsed = QueryParams.enumValue("context", context, ResellerContext.class, null);
        if (parsed == null) {
            throw ApiException.invalidField("context", "is required: RESELLER or RESELLER_MANAGER");
        }
        return parsed;
    }
}
