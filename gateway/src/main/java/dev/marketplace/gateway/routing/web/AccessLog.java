package dev.marketplace.gateway.routing.web;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.jboss.logging.Logger;

import dev.marketplace.gateway.identity.domain.CallerIdentity;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

/**
 * The gateway's access log: one JSON line per request, at INFO in the category {@value #CATEGORY}, once the answer is
 * sent: {@code method}, {@code route} (the route's template, never the raw path: no ids, no query string), {@code status},
 * {@code latencyMs}, {@code consumerKey} and {@code partner} of an authenticated caller, and {@code requestId}. Nothing
 * of the Authorization header, the signature, a token or the query string is ever read into it. The line is the whole
 * log record (application.properties gives the category a console handler of its own that prints just the message);
 * {@code quarkus.log.category."marketplace.access".level=OFF} silences it.
 */
@ApplicationScoped
public class AccessLog {
    public static final String CATEGORY = "marketplace.access";
    /** Context key the front door puts a request's route template under (also Quarkus' metrics URI tag). */
    public static final String ROUTE = "marketplace.route";
    /** Right after the request id (libs/common RequestIds, -1,100) and before the gateway's own handlers. */
    static final int ORDER = -1_050;
    private static final Logger LOG = Logger.getLogger(CATEGORY);
    private static final String METRICS_URI_TEMPLATE = "UrlPathTemplate";

    void mount(@Observes Router router) {
        router.route().order(ORDER).handler(AccessLog::handle);
    }

    static void handle(RoutingContext ctx) {
        if (LOG.isInfoEnabled()) {
            long started = System.nanoTime();
            ctx.addEndHandler(ended -> LOG.info(line(ctx, started).encode()));
        }
        ctx.next();
    }

    static JsonObject line(RoutingContext ctx, long started) {
        JsonObject line = new JsonObject().put("type", "access").put("method", ctx.request().method().name())
                .put("route", route(ctx)).put("status", ctx.response().getStatusCode())
                .put("latencyMs", Math.round((System.nanoTime() - started) / 100_000.0) / 10.0);
        CallerIdentity caller = ctx.get(CallerIdentity.CONTEXT_KEY);
        if (caller != null) {
            line.put("consumerKey", caller.subject()).put("partner", caller.partner());
        }
        return line.put("requestId", ctx.response().headers().get(RequestIds.HEADER));
    }

    /** The route's template; the gateway's own fixed paths as they are; anything else (a 404, a refused path) none. */
    private static String route(RoutingContext ctx) {
        String route = ctx.get(ROUTE);
        if (route == null) {
            Context context = Vertx.currentContext();
            route = context == null ? null : context.getLocal(METRICS_URI_TEMPLATE);
        }
        if (route == null) {
            String path = ctx.request().path();
            if (path != null && GatewayPaths.isPublic(path) && GatewayPaths.isCanonical(path)) {
                route = path;
            }
        }
        return route;
    }
}
