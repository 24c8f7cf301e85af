package dev.marketplace.gateway.anonymous.web;

import java.util.Set;
import java.util.function.Consumer;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.jboss.logging.Logger;

import dev.marketplace.common.error.Errors;
import dev.marketplace.common.security.Roles;
import dev.marketplace.gateway.anonymous.service.AnonymousLeadConfig;
import dev.marketplace.gateway.state.SharedStateUnavailable;
import dev.marketplace.gateway.anonymous.service.AnonymousLeadLimiter;
import dev.marketplace.gateway.anonymous.service.PartnerDirectory;
import dev.marketplace.gateway.identity.domain.CallerIdentity;
import dev.marketplace.gateway.identity.service.InternalTokenIssuer;
import dev.marketplace.gateway.infrastructure.Contexts;
import dev.marketplace.gateway.ratelimit.service.ClientAddresses;
import dev.marketplace.gateway.ratelimit.service.ClientAddresses.ClientAddress;
import dev.marketplace.gateway.routing.service.HeldRequests;
import dev.marketplace.gateway.routing.service.PublicOrigins;
import dev.marketplace.gateway.routing.service.RouteTable;
import dev.marketplace.gateway.routing.service.UpstreamProxy;
import dev.marketplace.gateway.routing.web.RequestIds;
import io.vertx.core.AsyncResult;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

/**
 * The one unsigned write of the API: a product's or a reseller's "contact us" form creating a PRODUCT or COMPANY lead
 * ({@code POST /api/lead/v2/leads} with no credentials at all). Mounted just before the gateway's front door, it takes
 * only such calls and hands every other one on untouched. In order: a per-client-address rate limit (429 with
 * Retry-After), the body read up to {@code max-body-bytes} (413), then the body must name an existing partner and a
 * PRODUCT or COMPANY lead, else the plain 403 every unauthenticated call gets; then the marketplace's cap and the global
 * cap (429). The call is forwarded to lead-service with an internal token of that partner: subject and consumer type
 * {@code anonymous}, the single role ROLE_ANONYMOUS_LEAD, no user.
 */
@ApplicationScoped
public class AnonymousLeadHandler {
    private static final Logger LOG = Logger.getLogger(AnonymousLeadHandler.class);
    /** Just before GatewayHandler's front door (-1,000). */
    static final int ORDER = -1_001;
    static final String ANONYMOUS = "anonymous";
    private static final Set<String> PROFILE_LEADS = Set.of("PRODUCT", "COMPANY");

    private final AnonymousLeadConfig config;
    private final AnonymousLeadLimiter limiter;
    private final PartnerDirectory partners;
    private final RouteTable routes;
    private final InternalTokenIssuer tokens;
    private final UpstreamProxy proxy;
    private final PublicOrigins origins;
    private final ClientAddresses addresses;

    public AnonymousLeadHandler(AnonymousLeadConfig config, AnonymousLeadLimiter limiter, PartnerDirectory partners,
            RouteTable routes, InternalTokenIssuer tokens, UpstreamProxy proxy, PublicOrigins origins,
            ClientAddresses addresses) {
        this.config = config;
        this.limiter = limiter;
        this.partners = partners;
        this.routes = routes;
        this.tokens = tokens;
        this.proxy = proxy;
        this.origins = origins;
        this.addresses = addresses;
    }

    void mount(@Observes Router router) {
        if (config.enabled()) {
            router.route(HttpMethod.POST, config.path()).order(ORDER).handler(this::handle);
        }
    }

    void handle(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        RouteTable.Route route = routes.match(config.path()).orElse(null);
        if (!unsigned(request) || !config.path().equals(request.path()) || route == null) {
            ctx.next(); // signed, or not exactly this path: the front door decides, as for every call
            return;
        }
        request.pause();
        // the client's address (behind trusted proxies, the one they forward), an IPv6 one counted by its /64
        ClientAddress client = addresses.of(request);
        Context context = Vertx.currentContext();
        HeldRequests.Held held = RequestIds.held(ctx);
        held.waitingOn(HeldRequests.ANONYMOUS_LIMITER);
        limiter.tryAcquire(client.bucket()).onComplete(limited -> {
            if (admitted(request, limited, "Too many leads from this address")) {
                accept(request, route, client, context, held);
            }
        });
    }

    /**
     * Whether a limit let the call through; otherwise it is answered: 429 with Retry-After, or 503 when the shared state
     * cannot be checked (refused, never waived, as every limited call).
     */
    private static boolean admitted(HttpServerRequest request, AsyncResult<Long> limited, String why) {
        if (limited.failed()) {
            refuse(request, 503, SharedStateUnavailable.CODE, SharedStateUnavailable.ERROR.getMessage());
            return false;
        }
        long retryAfter = limited.result();
        if (retryAfter > 0) {
            request.response().putHeader("Retry-After", Long.toString(retryAfter));
            refuse(request, 429, "RATE_LIMITED", why + "; retry after " + retryAfter + " s");
            return false;
        }
        return true;
    }

    private void accept(HttpServerRequest request, RouteTable.Route route, ClientAddress client, Context context,
            HeldRequests.Held held) {
        held.waitingOn(HeldRequests.REQUEST_BODY);
        readBody(request, buffer -> {
            JsonObject lead;
            try {
                lead = buffer.toJsonObject();
            } catch (RuntimeException e) {
                lead = null;
            }
            Object partner = lead == null ? null : lead.getValue("partner");
            Object type = lead == null ? null : lead.getValue("leadType");
            if (!(partner instanceof String p) || p.isBlank() || !(type instanceof String t) || !PROFILE_LEADS.contains(t)) {
                refuse(request, 403, null, null);
                return;
            }
            held.waitingOn(HeldRequests.PARTNER_LOOKUP);
            partners.exists(p).subscribe().with(exists -> Contexts.runOn(context, () -> {
                if (!exists) {
                    refuse(request, 403, null, null);
                    return;
                }
                held.waitingOn(HeldRequests.ANONYMOUS_LIMITER);
                // the marketplace's cap first: one at its cap spends nothing of everyone's
                capped(request, limiter.tryAcquireForMarketplace(p), "Too many leads for this marketplace",
                        () -> capped(request, limiter.tryAcquireGlobally(), "Too many leads",
                                () -> forward(request, route, client, p, buffer, held)));
            }), failure -> Contexts.runOn(context, () -> {
                LOG.warnf("Partner look-up for an anonymous lead failed: %s", failure.toString());
                refuse(request, 503, "SERVICE_UNAVAILABLE", "The lead cannot be accepted right now; try again later");
            }));
        });
    }

    private static void capped(HttpServerRequest request, Future<Long> cap, String why, Runnable then) {
        cap.onComplete(limited -> {
            if (admitted(request, limited, why)) {
                then.run();
            }
        });
    }

    private void forward(HttpServerRequest request, RouteTable.Route route, ClientAddress client, String partner,
            Buffer body, HeldRequests.Held held) {
        CallerIdentity caller = new CallerIdentity(ANONYMOUS, ANONYMOUS, partner, Set.of(Roles.ANONYMOUS_LEAD), null, null,
                false, false);
        // the exact path this handler takes (canonical by construction), the query as sent
        String uri = request.query() == null ? request.path() : request.path() + "?" + request.query();
        proxy.forward(request, uri, origins.originOf(request), client.address(), route, tokens.tokenFor(caller), body, held);
    }

    /** No credentials of any kind: no Authorization header and no OAuth parameters in the query. */
    static boolean unsigned(HttpServerRequest request) {
        if (request.getHeader(HttpHeaders.AUTHORIZATION) != null) {
            return false;
        }
        String query = request.query();
        return query == null || !query.contains("oauth_");
    }

    private void readBody(HttpServerRequest request, Consumer<Buffer> then) {
        String expect = request.getHeader(HttpHeaders.EXPECT);
        if (expect != null && expect.equalsIgnoreCase("100-continue")) {
            request.response().writeContinue();
        }
        Buffer body = Buffer.buffer();
        boolean[] over = {false};
        request.handler(chunk -> {
            if (over[0]) {
                return;
            }
            if (body.length() + chunk.length() > config.maxBodyBytes()) {
                over[0] = true;
                refuse(request, 413, "PAYLOAD_TOO_LARGE", "body: a lead may not exceed " + config.maxBodyBytes() + " bytes");
                return;
            }
            body.appendBuffer(chunk);
        });
        request.exceptionHandler(e -> over[0] = true);
        request.endHandler(v -> {
            if (!over[0]) {
                then.accept(body);
            }
        });
        request.resume();
    }

    private static void refuse(HttpServerRequest request, int status, String code, String message) {
        HttpServerResponse response = request.response();
        if (response.ended() || response.closed()) {
            return;
        }
        response.setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, "application/json");
        if (status == 413) {
            response.putHeader(HttpHeaders.CONNECTION, "close");
        }
        String requestId = dev.marketplace.common.observability.RequestIds.of(response);
        response.end(status == 403 ? Errors.forbiddenJson(requestId) : Errors.json(code, message, requestId));
        if (!request.isEnded()) {
            request.resume();
        }
    }
}
