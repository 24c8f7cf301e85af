package dev.marketplace.gateway.routing.web;

import org.jboss.logging.Logger;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.error.Errors;
import dev.marketplace.gateway.ratelimit.service.Throttled;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;

/**
 * The gateway's own refusals of a call, {@code {code, message, requestId}} (every 403 the same but for its id), closing the connection where the
 * client may not read on cleanly; a refused request's body is drained, not read.
 */
final class GatewayErrors {
    private static final Logger LOG = Logger.getLogger(GatewayHandler.class); // one log category for the front door

    private GatewayErrors() {
    }

    /** A failed step: its ApiException (a Throttled with Retry-After), or 500 for anything else. */
    static void fail(RoutingContext ctx, Throwable failure) {
        if (failure instanceof Throttled throttled && !ctx.response().headWritten()) {
            ctx.response().putHeader("Retry-After", Long.toString(throttled.retryAfterSeconds()));
        }
        if (failure instanceof ApiException api) {
            error(ctx, api.status(), api.code(), api.getMessage());
            return;
        }
        LOG.error("Gateway failure", failure);
        error(ctx, 500, "INTERNAL_ERROR", "The request could not be processed");
    }

    static void error(RoutingContext ctx, int status, String code, String message) {
        HttpServerResponse response = ctx.response();
        if (response.ended() || response.closed()) {
            return;
        }
        String requestId = dev.marketplace.common.observability.RequestIds.of(response);
        String body = status == 403 ? Errors.forbiddenJson(requestId) : Errors.json(code, message, requestId);
        response.setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, "application/json");
        if (status == 413 || status >= 500 || ClientBody.expectsContinue(ctx.request())) {
            // a client that was waiting for 100 Continue may now close or send the body anyway: either way, start afresh
            response.putHeader(HttpHeaders.CONNECTION, "close");
        }
        response.end(body);
        // A refused request's body is not wanted: let it drain instead of stalling the connection.
        if (!ctx.request().isEnded()) {
            ctx.request().resume();
        }
    }
}
