package dev.marketplace.account.graphql;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import dev.marketplace.common.error.Errors;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.vertx.http.runtime.security.QuarkusHttpUser;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

/**
 * A GraphQL call without a valid internal token is refused with 403 and the standard error body before it reaches the
 * GraphQL engine (403 for every authentication failure), like the REST endpoints.
 */
@ApplicationScoped
public class GraphQLGate {
    /** HTTP filters run at order -priority (authentication 200, authorization 100); GraphQL's own route runs later. */
    static final int AFTER_AUTHORIZATION_FILTER = -50;

    void install(@Observes Router router) {
        router.route("/api/graphql*").order(AFTER_AUTHORIZATION_FILTER).handler(this::check);
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
            rc.response().setStatusCode(403).putHeader("Content-Type", "application/json").end(Errors.forbiddenJson());
        }
    }
}
