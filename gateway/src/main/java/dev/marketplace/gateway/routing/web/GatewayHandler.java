package dev.marketplace.gateway.routing.web;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.jboss.logging.Logger;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.error.Errors;
import dev.marketplace.gateway.auth.service.Authenticator;
import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.identity.domain.CallerIdentity;
import dev.marketplace.gateway.identity.service.InternalTokenIssuer;
import dev.marketplace.gateway.ratelimit.service.RateLimiter;
import dev.marketplace.gateway.routing.service.RouteTable;
import dev.marketplace.gateway.routing.service.UpstreamProxy;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

/**
 * The gateway's front door, mounted first on the Quarkus router. Public endpoints of the gateway itself (token, public
 * key, /q/*) pass straight on; every other call is authenticated, checked against vendor and read-only restrictions and
 * rate limits, then either handed to the gateway's own API (channel credentials) or proxied to the service its path
 * belongs to. Unknown paths get 404.
 */
@ApplicationScoped
public class GatewayHandler {
    private static final Logger LOG = Logger.getLogger(GatewayHandler.class);
    private static final String FORM = "application/x-www-form-urlencoded";
    private static final List<String> PUBLIC_PREFIXES = List.of("/q/", "/oauth2/token", "/internal/v1/public-key");
    private static final String LOCAL_API_PREFIX = "/api/channel/v1/settings/oauth/";
    /** Context key Quarkus' Micrometer binder reads the URI tag from. */
    private static final String METRICS_URI_TEMPLATE = "UrlPathTemplate";
    /** Runs before Quarkus' own routes (REST resources, /q endpoints). */
    static final int ORDER = -1_000;

    private final RouteTable routes;
    private final Authenticator authenticator;
    private final RateLimiter rateLimiter;
    private final InternalTokenIssuer tokens;
    private final UpstreamProxy proxy;
    private final int maxFormBytes;
    private final List<String> vendorPrefixes;

    public GatewayHandler(RouteTable routes, Authenticator authenticator, RateLimiter rateLimiter, InternalTokenIssuer tokens,
            UpstreamProxy proxy, GatewayConfig config) {
        this.routes = routes;
        this.authenticator = authenticator;
        this.rateLimiter = rateLimiter;
        this.tokens = tokens;
        this.proxy = proxy;
        this.maxFormBytes = config.maxFormBodyBytes();
        this.vendorPrefixes = config.vendorCredentials().allowedPrefixes();
    }

    void mount(@Observes Router router) {
        router.route().order(ORDER).handler(this::handle);
    }

    void handle(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        String path = ctx.normalizedPath();
        if (path == null || !path.equals(request.path())) {
            // dot segments or encoded unreserved characters: decisions and signatures must see one spelling only
            error(ctx, 400, "INVALID_PATH", "path: must not contain dot segments or percent-encoded unreserved characters");
            return;
        }
        if (PUBLIC_PREFIXES.stream().anyMatch(path::startsWith)) {
            ctx.next();
            return;
        }
        boolean local = path.startsWith(LOCAL_API_PREFIX);
        Optional<RouteTable.Route> route = local ? Optional.empty() : routes.match(path);
        if (!local && route.isEmpty()) {
            error(ctx, 404, "NOT_FOUND", "No API at " + path);
            return;
        }
        // Nothing may be read before the caller is known: hold the body until it is forwarded.
        request.pause();
        Context context = Vertx.currentContext();
        // HTTP metrics are tagged with the route, not the raw path (ids would make every call a new time series)
        context.putLocal(METRICS_URI_TEMPLATE, local ? LOCAL_API_PREFIX + "**" : route.get().prefix() + "**");
        URI uri;
        try {
            uri = URI.create(request.absoluteURI());
        } catch (RuntimeException e) {
            error(ctx, 400, "INVALID_URI", "The request URI is malformed");
            return;
        }
        boolean form = isForm(request);
        Uni<Buffer> body = form ? readBody(request) : Uni.createFrom().nullItem();
        body.flatMap(buffer -> authenticator
                        .authenticate(request.method().name(), uri, request.getHeader(HttpHeaders.AUTHORIZATION),
                                buffer == null ? null : buffer.toString(StandardCharsets.UTF_8))
                        .flatMap(caller -> authorize(caller, request.method(), path))
                        .map(caller -> new Admitted(caller, buffer)))
                .flatMap(admitted -> rateLimiter.check(admitted.caller().subject(), request.method().name(), path)
                        .map(decision -> decision.allowed() ? admitted : admitted.limited(decision.retryAfterSeconds())))
                // back on the request's context; mostly the answer is already there (see PerEventLoop), so no hop
                .emitOn(task -> {
                    if (Vertx.currentContext() == context) {
                        task.run();
                    } else {
                        context.runOnContext(v -> task.run());
                    }
                })
                .subscribe().with(admitted -> {
                    if (admitted.retryAfter() > 0) {
                        ctx.response().putHeader("Retry-After", Long.toString(admitted.retryAfter()));
                        error(ctx, 429, "RATE_LIMITED", "Too many requests for this path; retry after "
                                + admitted.retryAfter() + " s");
                    } else if (local) {
                        ctx.put(CallerIdentity.CONTEXT_KEY, admitted.caller());
                        if (admitted.body() != null) {
                            ctx.setBody(admitted.body());
                        }
                        request.resume();
                        ctx.next();
                    } else {
                        proxy.forward(request, route.get(), tokens.tokenFor(admitted.caller()), admitted.body());
                    }
                }, failure -> context.runOnContext(v -> fail(ctx, failure)));
    }

    private record Admitted(CallerIdentity caller, Buffer body, long retryAfter) {
        Admitted(CallerIdentity caller, Buffer body) {
            this(caller, body, 0);
        }

        Admitted limited(long seconds) {
            return new Admitted(caller, body, seconds);
        }
    }

    /** Vendor credentials only reach their own paths; read-only tokens only read. */
    private Uni<CallerIdentity> authorize(Optional<CallerIdentity> caller, HttpMethod method, String path) {
        if (caller.isEmpty()) {
            return Uni.createFrom().failure(ApiException.forbidden());
        }
        CallerIdentity c = caller.get();
        if (c.isVendor() && vendorPrefixes.stream().noneMatch(path::startsWith)) {
            return Uni.createFrom().failure(ApiException.forbidden());
        }
        if (c.readOnly() && method != HttpMethod.GET && method != HttpMethod.HEAD) {
            return Uni.createFrom().failure(ApiException.forbidden());
        }
        return Uni.createFrom().item(c);
    }

    private static boolean isForm(HttpServerRequest request) {
        String type = request.getHeader(HttpHeaders.CONTENT_TYPE);
        return type != null && type.toLowerCase(java.util.Locale.ROOT).startsWith(FORM);
    }

    /** Reads a form body (its parameters are part of the signature), refusing more than the configured size. */
    private Uni<Buffer> readBody(HttpServerRequest request) {
        return Uni.createFrom().emitter(emitter -> {
            Buffer buffer = Buffer.buffer();
            boolean[] done = { false };
            request.handler(chunk -> {
                if (done[0]) {
                    return;
                }
                if (buffer.length() + chunk.length() > maxFormBytes) {
                    done[0] = true;
                    emitter.fail(new ApiException(413, "PAYLOAD_TOO_LARGE",
                            "body: a form-encoded body may not exceed " + maxFormBytes + " bytes"));
                    return;
                }
                buffer.appendBuffer(chunk);
            });
            request.exceptionHandler(e -> {
                if (!done[0]) {
                    done[0] = true;
                    emitter.fail(e);
                }
            });
            request.endHandler(v -> {
                if (!done[0]) {
                    done[0] = true;
                    emitter.complete(buffer);
                }
            });
            request.resume();
        });
    }

    private static void fail(RoutingContext ctx, Throwable failure) {
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
        String body = status == 403 ? Errors.forbiddenJson() : Errors.json(code, message);
        response.setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, "application/json");
        if (status == 413 || status >= 500) {
            response.putHeader(HttpHeaders.CONNECTION, "close");
        }
        response.end(body);
        // A refused request's body is not wanted: let it drain instead of stalling the connection.
        if (!ctx.request().isEnded()) {
            ctx.request().resume();
        }
    }
}
