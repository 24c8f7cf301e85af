package dev.marketplace.common.client;

import dev.marketplace.common.error.ApiException;

/** The answer a caller gets when a service this one depends on cannot be reached: 503 with the dependency named. */
public final class ServiceUnavailable {
    private ServiceUnavailable() {
    }

    /** {@code code} such as CATALOG_UNAVAILABLE; {@code what} such as "The product catalogue". */
    public static ApiException of(String code, String what) {
        return new ApiException(503, code, what + " cannot be reached right now; try again later");
    }
}
