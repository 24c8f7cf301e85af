package dev.marketplace.common.lookup;

import java.util.UUID;

import dev.marketplace.common.error.ApiException;

/**
 * A company identifier as clients write it: a bare UUID, {@code id:<uuid>} or {@code externalId:<externalId>}.
 */
public sealed interface CompanyRef {
    String ID_PREFIX = "id:";
    String EXTERNAL_ID_PREFIX = "externalId:";

    record ById(UUID uuid) implements CompanyRef {
    }

    record ByExternalId(String externalId) implements CompanyRef {
    }

    static CompanyRef parse(String raw) {
        if (raw == null || raw.isBlank()) {
            throw invalid();
        }
        if (raw.startsWith(EXTERNAL_ID_PREFIX)) {
            String external = raw.substring(EXTERNAL_ID_PREFIX.length());
            if (external.isBlank()) {
                throw invalid();
            }
            return new ByExternalId(external);
        }
        String candidate = raw.startsWith(ID_PREFIX) ? raw.substring(ID_PREFIX.length()) : raw;
        try {
            return new ById(Ids.uuid("companyUuid", candidate));
        } catch (ApiException e) {
            throw invalid();
        }
    }

    private static ApiException invalid() {
        return ApiException.invalidField("companyUuid", "must be a UUID, id:<uuid> or externalId:<externalId>");
    }
}
