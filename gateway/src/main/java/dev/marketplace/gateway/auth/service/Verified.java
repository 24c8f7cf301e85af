package dev.marketplace.gateway.auth.service;

import dev.marketplace.gateway.identity.domain.CallerIdentity;
import io.vertx.core.Future;

/**
 * A call whose credentials verified: who made it, and whether this is the first use of its signature. The second part
 * waits for Redis (the nonce, see NonceReplayCache), so it is apart: the gateway may start a read while Redis answers
 * (GatewayHandler), but nothing of a call goes back to its caller before {@code firstUse} is true.
 *
 * @param firstUse true on the nonce's first use (always, for a bearer token), false on a replay; failed with 503
 *        (SharedStateUnavailable) when Redis cannot tell
 */
public record Verified(CallerIdentity caller, Future<Boolean> firstUse) {
    private static final Future<Boolean> NOTHING_TO_REPLAY = Future.succeededFuture(true);

    /** A caller without a nonce (an OAuth 2.0 bearer token, checked on its own). */
    public static Verified withoutNonce(CallerIdentity caller) {
        return new Verified(caller, NOTHING_TO_REPLAY);
    }
}
