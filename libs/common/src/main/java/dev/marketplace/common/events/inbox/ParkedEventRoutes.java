package dev.marketplace.common.events.inbox;

import java.util.UUID;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.error.ErrorBody;
import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.paging.PageRequest;
import io.quarkus.arc.properties.IfBuildProperty;
import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.quarkus.vertx.http.ManagementInterface;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;

/**
 * The parked events of every marketplace on the management interface ({@code /q/parked-events}, beside health and
 * metrics: an operator's port, never exposed through the gateway). Where the management interface is off (tests, dev
 * mode), the same routes are on the main port's {@code /q/}, as health and metrics are.
 * <ul>
 * <li>{@code GET /q/parked-events?status=&type=&partner=&page=&size=}</li>
 * <li>{@code GET /q/parked-events/{id}}</li>
 * <li>{@code POST /q/parked-events/{id}/retry}, {@code POST /q/parked-events/retry?type=}</li>
 * <li>{@code POST /q/parked-events/{id}/discard} with {@code {"reason": "..."}}</li>
 * </ul>
 */
@ApplicationScoped
@IfBuildProperty(name = "marketplace.consumer.enabled", stringValue = "true")
public class ParkedEventRoutes {
    static final String PATH = "/q/parked-events";
    /** Who acted, as the records say it, for calls on the management port (which carry no identity). */
    private static final String OPERATOR = "management-port";
    private static final Logger LOG = Logger.getLogger(ParkedEventRoutes.class);

    private final ParkedEvents parked;
    private final ObjectMapper mapper;

    public ParkedEventRoutes(ParkedEvents parked, ObjectMapper mapper) {
        this.parked = parked;
        this.mapper = mapper;
    }

    void onManagement(@Observes ManagementInterface management) {
        register(management.router());
    }

    void onMain(@Observes Router router,
            @ConfigProperty(name = "quarkus.management.enabled", defaultValue = "false") boolean management) {
        if (!management) {
            register(router);
        }
    }

    void register(Router router) {
        router.get(PATH).handler(ctx -> run(ctx, () -> {
            PageRequest page = PageRequest.of(ctx.queryParams().get("page"), ctx.queryParams().get("size"), 50);
            String status = ctx.queryParams().get("status");
            return parked.list(QueryParams.text(ctx.queryParams().get("partner")), status == null ? null
                    : QueryParams.enumValue("status", status, ParkedEventResource.Status.class, null).name(),
                    QueryParams.text(ctx.queryParams().get("type")), page);
        }));
        router.get(PATH + "/:id").handler(ctx -> run(ctx, () -> parked.find(null, id(ctx))));
        router.post(PATH + "/retry").handler(ctx -> run(ctx,
                () -> parked.retryAll(null, QueryParams.text(ctx.queryParams().get("type")), OPERATOR)));
        router.post(PATH + "/:id/retry").handler(ctx -> run(ctx, () -> parked.retry(null, id(ctx), OPERATOR)));
        router.post(PATH + "/:id/discard").handler(BodyHandler.create().setBodyLimit(16_384)).handler(ctx -> run(ctx,
                () -> parked.discard(null, id(ctx), reason(ctx), OPERATOR)));
    }

    private static UUID id(RoutingContext ctx) {
        return QueryParams.uuid("id", ctx.pathParam("id"));
    }

    private String reason(RoutingContext ctx) {
        try {
            JsonNode body = ctx.body() == null || ctx.body().buffer() == null ? null
                    : mapper.readTree(ctx.body().asString());
            return body == null ? null : body.path("reason").asText(null);
        } catch (Exception e) {
            throw ApiException.badRequest(ApiException.INVALID_BODY, "body: is not well-formed JSON");
        }
    }

    /** Runs an operation on a safe duplicated context (reactive sessions need one) and answers its result as JSON. */
    private void run(RoutingContext ctx, Supplier<Uni<?>> operation) {
        Context context = VertxContext.getOrCreateDuplicatedContext(Vertx.currentContext());
        VertxContextSafetyToggle.setContextSafe(context, true);
        context.runOnContext(ignored -> Uni.createFrom().deferred(operation).subscribe().with(
                result -> answer(ctx, 200, result),
                failure -> {
                    if (failure instanceof ApiException api) {
                        answer(ctx, api.status(), new ErrorBody(api.code(), api.getMessage()));
                    } else {
                        LOG.error("Parked-event operation failed", failure);
                        answer(ctx, 500, new ErrorBody("INTERNAL_ERROR", "The request could not be processed"));
                    }
                }));
    }

    private void answer(RoutingContext ctx, int status, Object body) {
        try {
            ctx.response().setStatusCode(status).putHeader("Content-Type", "application/json")
                    .end(mapper.writeValueAsString(body instanceof ParkedEvents.PagedResponsePage page
                            ? java.util.Map.of("content", page.rows(), "totalElements", page.total().count())
                            : body));
        } catch (Exception e) {
            ctx.fail(e);
        }
    }
}
