package dev.marketplace.gateway.routing.service;

import dev.marketplace.common.error.Errors;
import dev.marketplace.common.observability.RequestIds;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;

/** The gateway's answer to a request body over its route's limit: said up front, or found while it is forwarded. */
public final class TooLargeBody {
    private static final long DRAIN_MILLIS = 10_000;

    private TooLargeBody() {
    }

    /**
     * Answers 413 for a body over the route's limit, unless an answer has begun. The rest of the body is read and
     * dropped rather than the connection closed at once: a client still sending would otherwise get a reset, and with
     * it lose the answer. A body that does not end within {@value #DRAIN_MILLIS} ms closes the connection.
     */
    public static void answer(HttpServerRequest request, long maxBytes) {
        HttpServerResponse response = request.response();
        if (!response.headWritten() && !response.ended() && !response.closed()) {
            response.setStatusCode(413).putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                    .end(Errors.json("PAYLOAD_TOO_LARGE", "body: may not exceed " + maxBytes + " bytes on this path",
                            RequestIds.of(response)));
        }
        if (!request.isEnded()) {
            request.handler(null);
            request.resume();
            Context context = Vertx.currentContext();
            if (context != null) {
                context.owner().setTimer(DRAIN_MILLIS, t -> {
                    if (!request.isEnded()) {
                        request.connection().close();
                    }
                });
            }
        }
    }
}
