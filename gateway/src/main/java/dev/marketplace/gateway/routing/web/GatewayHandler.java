package dev.marketplace.gateway.routing.web;

import static dev.marketplace.gateway.routing.web.GatewayErrors.error;
import static dev.marketplace.gateway.routing.web.GatewayErrors.fail;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;


import dev.marketplace.common.error.ApiException;
import dev.marketplace.gateway.auth.service.Authenticator;
import dev.marketplace.gateway.auth.service.Authorizer;
import dev.marketplace.gateway.auth.service.Verified;
import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.identity.domain.CallerIdentity;
import dev.marketplace.gateway.identity.service.InternalTokenIssuer;
import dev.marketplace.gateway.infrastructure.Contexts;
import dev.marketplace.gateway.ratelimit.service.AbuseGuard;
import dev.marketplace.gateway.ratelimit.service.ClientAddresses;
import dev.marketplace.gateway.ratelimit.service.ClientAddresses.ClientAddress;
import dev.marketplace.gateway.ratelimit.service.RateLimiter;
import dev.marketplace.gateway.ratelimit.service.Throttled;
import dev.marketplace.gateway.routing.service.HeldRequests;
import dev.marketplace.gateway.routing.service.PublicOrigins;
import dev.marketplace.gateway.routing.service.RouteTable;
import dev.marketplace.gateway.routing.service.TooLargeBody;
import dev.marketplace.gateway.routing.service.UpstreamProxy;
import io.vertx.core.AsyncResult;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

/**
 * The gateway's front door, mounted first on the Quarkus router. Public endpoints of the gateway itself (token, public
 * key, combined OpenAPI) pass straight on; /q/ paths are not served on the public port (health, metrics and OpenAPI are
 * on the management interface, its own port); every other call is authenticated, checked against vendor and read-only restrictions and
 * rate limits, then either handed to the gateway's own API (channel credentials) or proxied to the service its path
 * belongs to. Unknown paths get 404. How a path is read is {@link GatewayPaths}', what a request says of its body
 * {@link ClientBody}'s, and the gateway's own refusals {@link GatewayErrors}'.
 */
@ApplicationScoped
public class GatewayHandler {
    private static final Future<Buffer> NO_BODY = Future.succeededFuture();
    /** Context key Quarkus' Micrometer binder reads the URI tag from. */
    private static final String METRICS_URI_TEMPLATE = "UrlPathTemplate";
    /** Runs before Quarkus' own routes (REST resources, /q endpoints). */
    static final int ORDER = -1_000;

    private final RouteTable routes;
    private final Authenticator authenticator;
    private final Authorizer authorizer;
    private final RateLimiter rateLimiter;
    private final InternalTokenIssuer tokens;
    private final UpstreamProxy proxy;
    private final PublicOrigins origins;
    private final AbuseGuard abuse;
    private final ClientAddresses addresses;
    private final int maxFormBytes;

    public GatewayHandler(RouteTable routes, Authenticator authenticator, Authorizer authorizer, RateLimiter rateLimiter,
            InternalTokenIssuer tokens, UpstreamProxy proxy, PublicOrigins origins, AbuseGuard abuse,
            ClientAddresses addresses, GatewayConfig config) {
        this.abuse = abuse;
        this.addresses = addresses;
        this.routes = routes;
        this.origins = origins;
        this.authenticator = authenticator;
        this.authorizer = authorizer;
        this.rateLimiter = rateLimiter;
        this.tokens = tokens;
        this.proxy = proxy;
        this.maxFormBytes = config.maxFormBodyBytes();
    }

    void mount(@Observes Router router) {
        router.route().order(ORDER).handler(this::handle);
    }

    void handle(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        String raw = request.path();
        String normalized = ctx.normalizedPath();
        if (normalized == null || !normalized.equals(raw) || !GatewayPaths.isCanonical(raw)) {
            // One spelling per resource, or the route, the rate limit and the service could each read a different path:
            // dot segments, encoded unreserved characters, empty segments, ';' parameters, encoded '/', '\' or ';'.
            error(ctx, 400, "INVALID_PATH", "path: must not contain dot segments, empty segments, ';' parameters, "
                    + "or percent-encoded unreserved characters, '/', '\\' or ';'");
            return;
        }
        // "/x/" and "/x" are the same resource to the services: route, limit and forward one of them
        String path = raw.length() > 1 && raw.endsWith("/") ? raw.substring(0, raw.length() - 1) : raw;
        HeldRequests.Held held = RequestIds.held(ctx);
        if (GatewayPaths.isManagement(path)) {
            // health, metrics and OpenAPI live on the management interface (its own port, never exposed publicly)
            error(ctx, 404, "NOT_FOUND", "No API at " + path);
            return;
        }
        if (GatewayPaths.isPublic(path)) {
            if (path.startsWith(GatewayPaths.TOKEN_PATH) && !admitsAddress(ctx, addresses.of(request).bucket())) {
                return;
            }
            held.waitingOn(path.startsWith(GatewayPaths.TOKEN_PATH) ? HeldRequests.TOKEN_ISSUANCE : HeldRequests.OWN_ENDPOINT);
            ctx.next();
            return;
        }
        String localPrefix = GatewayPaths.localApiPrefix(path);
        boolean local = localPrefix != null;
        RouteTable.Route route = local ? null : routes.match(path).orElse(null);
        if (!local && route == null) {
            error(ctx, 404, "NOT_FOUND", "No API at " + path);
            return;
        }
        if (route != null && route.maxBodyBytes() > 0 && ClientBody.declaredLength(request) > route.maxBodyBytes()) {
            // said up front: refused before anything is read or looked up (a chunked body is counted as it is forwarded)
            if (ClientBody.expectsContinue(request)) {
                // the body was never sent: nothing to drain
                error(ctx, 413, "PAYLOAD_TOO_LARGE", "body: may not exceed " + route.maxBodyBytes() + " bytes on this path");
            } else {
                TooLargeBody.answer(request, route.maxBodyBytes());
            }
            return;
        }
        ClientAddress from = addresses.of(request);
        String client = from.bucket();
        if (!admitsAddress(ctx, client)) {
            return;
        }
        // Nothing may be read before the caller is known: hold the body until it is forwarded.
        request.pause();
        Context context = Vertx.currentContext();
        // HTTP metrics are tagged with the route, not the raw path (ids would make every call a new time series)
        String template = local ? localPrefix + "**" : route.prefix() + "**";
        context.putLocal(METRICS_URI_TEMPLATE, template);
        ctx.put(AccessLog.ROUTE, template);
        PublicOrigins.Origin origin = origins.originOf(request);
        URI uri;
        try {
            uri = origins.signedUri(request, origin);
        } catch (RuntimeException e) {
            error(ctx, 400, "INVALID_URI", "The request URI is malformed");
            return;
        }
        // the one spelling of the path, and the query as sent (never an absolute-form request-target's host)
        String forwardedUri = request.query() == null ? path : path + "?" + request.query();
        HttpMethod method = request.method();
        boolean form = ClientBody.isForm(request);
        // A read of a service whose reads change nothing goes ahead while Redis records its nonce (GatewayConfig.Route)
        RateLimiter.Rule limit = rateLimiter.ruleFor(method.name(), path);
        boolean overlap = route != null && route.overlapReplayCheck() && !form && ClientBody.isBodilessRead(request) && limit == null;
        // Plain Vert.x futures on the request's own thread: most steps complete at once (the consumer is in memory), and
        // Mutiny with context propagation cost more than the steps themselves.
        if (form) {
            held.waitingOn(HeldRequests.REQUEST_BODY);
        }
        Future<Buffer> body = form ? ClientBody.readForm(request, maxFormBytes) : NO_BODY;
        body.compose(buffer -> {
                    held.waitingOn(HeldRequests.CONSUMER_LOOKUP);
                    return authenticator.authenticate(method.name(), uri, request.getHeader(HttpHeaders.AUTHORIZATION),
                            buffer == null ? null : buffer.toString(StandardCharsets.UTF_8))
                            .map(verified -> new Admitted(authorizer.authorize(counted(verified.map(Verified::caller), client),
                                    method, path), buffer, firstUse(verified.get(), client)));
                })
                .compose(admitted -> {
                    if (overlap) {
                        return Future.succeededFuture(admitted);
                    }
                    held.waitingOn(HeldRequests.NONCE_CHECK);
                    return admitted.firstUse().map(admitted);
                })
                .compose(admitted -> {
                    if (limit != null) {
                        held.waitingOn(HeldRequests.RATE_LIMITER);
                    }
                    return rateLimiter.check(admitted.caller().subject(), limit)
                            .map(decision -> decision.allowed() ? admitted : admitted.limited(decision.retryAfterSeconds()));
                })
                .onComplete(result -> Contexts.runOn(context,
                        () -> admit(ctx, context, route, forwardedUri, origin, from.address(), held, result)));
    }

    /** Succeeds on the first use of the call's nonce; a replay counts as a failed authentication and is a plain 403. */
    private Future<Void> firstUse(Verified verified, String client) {
        return verified.firstUse().compose(fresh -> {
            if (fresh) {
                return UpstreamProxy.ADMITTED;
            }
            abuse.failed(client);
            return Future.failedFuture(ApiException.forbidden());
        });
    }

    private void admit(RoutingContext ctx, Context context, RouteTable.Route route, String forwardedUri,
            PublicOrigins.Origin origin, String clientAddress, HeldRequests.Held held, AsyncResult<Admitted> result) {
        if (result.failed()) {
            fail(ctx, result.cause());
            return;
        }
        Admitted admitted = result.result();
        ctx.put(CallerIdentity.CONTEXT_KEY, admitted.caller()); // for the access log, and the credentials API below
        if (admitted.retryAfter() > 0) {
            ctx.response().putHeader("Retry-After", Long.toString(admitted.retryAfter()));
            error(ctx, 429, "RATE_LIMITED", "Too many requests for this path; retry after " + admitted.retryAfter() + " s");
        } else if (route == null) {
            if (admitted.body() != null) {
                ctx.setBody(admitted.body());
            }
            ClientBody.continueIfExpected(ctx.request());
            ctx.request().resume();
            held.waitingOn(HeldRequests.CREDENTIALS_API);
            ctx.next();
        } else {
            ClientBody.continueIfExpected(ctx.request());
            Future<Void> admission = admitted.firstUse();
            if (admission.failed()) {
                fail(ctx, admission.cause());
                return;
            }
            if (!admission.isComplete()) {
                // forwarded while Redis records the nonce: its verdict comes back to the request's context, and a
                // refusal answers the caller before the proxy drops the service's answer
                Promise<Void> onRequestContext = Promise.promise();
                admission.onComplete(verdict -> Contexts.runOn(context, () -> onRequestContext.handle(verdict)));
                admission = onRequestContext.future().onFailure(refused -> fail(ctx, refused));
            }
            proxy.forward(ctx.request(), forwardedUri, origin, clientAddress, route, tokens.tokenFor(admitted.caller()),
                    admitted.body(), admission, held);
        }
    }

    /** An authenticated, authorized call; {@code firstUse} is its nonce's verdict, which may still be on its way. */
    private record Admitted(CallerIdentity caller, Buffer body, Future<Void> firstUse, long retryAfter) {
        Admitted(CallerIdentity caller, Buffer body, Future<Void> firstUse) {
            this(caller, body, firstUse, 0);
        }

        Admitted limited(long seconds) {
            return new Admitted(caller, body, firstUse, seconds);
        }
    }

    /**
     * False (after answering 429) when the client's failed authentications have filled its bucket: nothing more is
     * looked up or verified for it until the bucket has leaked.
     */
    private boolean admitsAddress(RoutingContext ctx, String client) {
        try {
            abuse.requireNotBlocked(client);
            return true;
        } catch (Throttled throttled) {
            fail(ctx, throttled);
            return false;
        }
    }

    /** A failed authentication fills the client address's bucket ({@link AbuseGuard}); the rest is the Authorizer's. */
    private Optional<CallerIdentity> counted(Optional<CallerIdentity> caller, String client) {
        if (caller.isEmpty()) {
            abuse.failed(client);
        }
        return caller;
    }
}
