package dev.marketplace.gateway.routing.web;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import dev.marketplace.gateway.routing.service.HeldRequests;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

/**
 * First of all the gateway's handlers: gives every request its id, the client's {@code X-Request-Id} when it is
 * well-formed (at most {@value #MAX_LENGTH} characters of letters, digits and {@code - _ . : + / =}), else a new random
 * UUID; puts it on the answer, whoever gives it (a 400, 403, 429 or 503 of the gateway's own, the token endpoint, a
 * service), and starts watching how long the gateway holds the request ({@link HeldRequests}). UpstreamProxy forwards
 * the id to the service.
 */
@ApplicationScoped
public class RequestIds {
    public static final String HEADER = dev.marketplace.common.observability.RequestIds.HEADER;
    static final int MAX_LENGTH = dev.marketplace.common.observability.RequestIds.MAX_LENGTH;
    /** Before AnonymousLeadHandler (-1,001) and GatewayHandler's front door (-1,000). */
    static final int ORDER = -1_002;
    private static final String HELD = HeldRequests.Held.class.getName();

    private final HeldRequests heldRequests;

    public RequestIds(HeldRequests heldRequests) {
        this.heldRequests = heldRequests;
    }

    void mount(@Observes Router router) {
        router.route().order(ORDER).handler(this::handle);
    }

    void handle(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        String given = request.getHeader(HEADER);
        String id = wellFormed(given) ? given : newId();
        request.response().putHeader(HEADER, id);
        HeldRequests.Held held = heldRequests.start(request, id);
        ctx.put(HELD, held);
        ctx.addHeadersEndHandler(v -> held.answered());
        ctx.next();
    }

    /** The request's watch, put there by {@link #handle}. */
    public static HeldRequests.Held held(RoutingContext ctx) {
        return ctx.get(HELD);
    }

    /** The shared rule (libs/common {@link dev.marketplace.common.observability.RequestIds}, which runs first). */
    static boolean wellFormed(String id) {
        return dev.marketplace.common.observability.RequestIds.wellFormed(id);
    }

    static String newId() {
        return dev.marketplace.common.observability.RequestIds.newId();
    }
}
