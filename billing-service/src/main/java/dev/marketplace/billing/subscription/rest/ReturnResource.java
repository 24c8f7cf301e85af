package dev.marketplace.billing.subscription.rest;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;

import org.jboss.resteasy.reactive.RestPath;

import dev.marketplace.billing.subscription.service.InteractiveReturns;
import dev.marketplace.billing.subscription.service.SubscriptionView;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/**
 * Return URL of interactive orders: the vendor redirects the user's browser here with the result and an OAuth 1.0
 * signature in the query string (the gateway admits it as a vendor call of the product).
 */
@Path("/api/billing/v1/returns/{eventToken}")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class ReturnResource {
    private final InteractiveReturns returns;

    public ReturnResource(InteractiveReturns returns) {
        this.returns = returns;
    }

    @GET
    public Uni<SubscriptionView> complete(@RestPath String eventToken, @Context UriInfo uri) {
        return returns.complete(eventToken, uri.getRequestUri().getRawQuery());
    }
}
