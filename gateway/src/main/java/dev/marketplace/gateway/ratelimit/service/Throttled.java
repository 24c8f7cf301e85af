package dev.marketplace.gateway.ratelimit.service;

import dev.marketplace.common.error.ApiException;

/** 429 RATE_LIMITED with the whole seconds to wait, which the gateway sends as {@code Retry-After}. */
public class Throttled extends ApiException {
    private final long retryAfterSeconds;

    public Throttled(long retryAfterSeconds, String message) {
        super(429, "RATE_LIMITED", message + "; retry after " + retryAfterSeconds + " s");
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
