package dev.marketplace.gateway.state;

import dev.marketplace.common.error.ApiException;

/** The answer to a call the gateway cannot decide because Redis, where replicas share their state, cannot be reached. */
public final class SharedStateUnavailable {
    public static final String CODE = "STATE_UNAVAILABLE";

    /**
     * 503: nothing was decided, so nothing was let through; the client may simply try again. One instance (it carries
     * no stack trace), since during an outage every signed call gets it.
     */
    public static final ApiException ERROR = new ApiException(503, CODE,
            "The gateway cannot check requests right now; try again in a few seconds");

    private SharedStateUnavailable() {
    }
}
