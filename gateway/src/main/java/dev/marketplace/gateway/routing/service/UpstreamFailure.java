package dev.marketplace.gateway.routing.service;

import java.net.ConnectException;
import java.util.concurrent.TimeoutException;

import org.jboss.logging.Logger;

import dev.marketplace.common.error.Errors;
import dev.marketplace.common.observability.RequestIds;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;

/**
 * The gateway's answer when the upstream could not be reached or did not answer: connection refused 503, silent past
 * the timeout 504, any other failure before the answer began 502; an answer already begun is cut off.
 */
final class UpstreamFailure {
    private static final Logger LOG = Logger.getLogger(UpstreamProxy.class); // one log category for the proxy

    private UpstreamFailure() {
    }

    static void answer(HttpServerResponse response, Throwable failure) {
        int status;
        String json;
        if (causedBy(failure, ConnectException.class)) {
            status = 503;
            json = Errors.json("UPSTREAM_UNAVAILABLE", "The service for this path is unavailable; try again later",
                    RequestIds.of(response));
        } else if (causedBy(failure, TimeoutException.class) || String.valueOf(failure.getMessage()).contains("timeout")) {
            status = 504;
            json = Errors.json("UPSTREAM_TIMEOUT", "The service for this path did not answer in time",
                    RequestIds.of(response));
        } else {
            status = 502;
            json = Errors.json("UPSTREAM_FAILED", "The service for this path failed to answer",
                    RequestIds.of(response));
        }
        LOG.debugf("Upstream call failed with %s: %s", status, failure.toString());
        if (response.ended() || response.closed()) {
            // answered already (a body over the route's limit), or the client is gone
            return;
        }
        if (response.headWritten()) {
            response.reset();
            return;
        }
        if (!response.ended() && !response.closed()) {
            response.setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, "application/json").end(json);
        }
    }

    private static boolean causedBy(Throwable failure, Class<? extends Throwable> type) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }
}
