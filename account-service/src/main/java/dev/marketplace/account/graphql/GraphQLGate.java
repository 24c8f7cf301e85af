package dev.marketplace.account.graphql;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.error.Errors;
import dev.marketplace.common.observability.RequestIds;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.vertx.http.runtime.security.QuarkusHttpUser;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;

/**
 * A GraphQL call without a valid internal token is refused with 403 and the standard error body before it reaches the
 * GraphQL engine (403 for every authentication failure), like the REST endpoints. A POST whose JSON body does not
 * parse as a JSON object is a 400 INVALID_BODY, like a malformed body on any REST endpoint (the GraphQL engine would
 * answer 200 with an error in the document).
 */
@ApplicationScoped
public class GraphQLGate {
    /** HTTP filters run at order -priority (authentication 200, authorization 100); GraphQL's own route runs later. */
    static final int AFTER_AUTHORIZATION_FILTER = -50;

    /** The largest GraphQL request read (a query and its variables). */
    static final long MAX_REQUEST_BYTES = 1024 * 1024;

    void install(@Observes Router router) {
        router.route("/api/graphql*").order(AFTER_AUTHORIZATION_FILTER).handler(this::check);
        // the body is read once: GraphQL's own body handler sees it has been and goes on
        router.post("/api/graphql").order(AFTER_AUTHORIZATION_FILTER + 1)
                .handler(BodyHandler.create(false).setBodyLimit(MAX_REQUEST_BYTES)).handler(GraphQLGate::wellFormed);
    }

    private static void wellFormed(RoutingContext rc) {
        String type = rc.request().getHeader("Content-Type");
        if (rc.request().method() != HttpMethod.POST || type == null || !type.toLowerCase().startsWith("application/json")) {
            rc.next();
            return;
        }
        Buffer body = rc.body().buffer();
        Object parsed;
        try {
            parsed = body == null || body.length() == 0 ? null : Json.decodeValue(body);
        } catch (RuntimeException e) {
            parsed = null;
        }
        if (parsed instanceof JsonObject) {
            rc.next();
        } else if (!rc.response().ended()) {
            rc.response().setStatusCode(400).putHeader("Content-Type", "application/json")
                    .end(Errors.json(ApiException.INVALID_BODY, "body: must be a JSON object (a GraphQL request)",
                            RequestIds.of(rc.response())));
        }
    }

    private void check(RoutingContext rc) {
        Uni<SecurityIdentity> deferred = rc.get(QuarkusHttpUser.DEFERRED_IDENTITY_KEY);
        if (deferred == null) {
            deny(rc); // authentication did not run: fail closed
            return;
        }
        deferred.subscribe().with(identity -> {
            if (identity == null || identity.isAnonymous()) {
                deny(rc);
            } else {
                rc.next();
            }
        }, failure -> deny(rc));
    }

    private static void deny(RoutingContext rc) {
        if (!rc.response().ended()) {
            rc.response().setStatusCode(403).putHeader("Content-Type", "application/json").end(Errors.forbiddenJson(RequestIds.of(rc.response())));
        }
    }
}
