package dev.marketplace.billing.subscription.rest;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.jboss.resteasy.reactive.RestPath;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;

import dev.marketplace.billing.subscription.service.SubscriptionInputs.ResultInput;
import dev.marketplace.billing.subscription.service.SubscriptionService;
import dev.marketplace.billing.subscription.service.SubscriptionView;
import dev.marketplace.common.security.Roles;
import io.smallrye.mutiny.Uni;

/** Mesh-internal: notification-service reports a vendor's result (same effect as a VENDOR_EVENT_RESULT event). */
@Path("/internal/v1/subscriptions/{subscriptionId}/result")
@RolesAllowed(Roles.SYS_ADMIN)
@Produces(MediaType.APPLICATION_JSON)
public class InternalSubscriptionResource {
    private final SubscriptionService subscriptions;

    public InternalSubscriptionResource(SubscriptionService subscriptions) {
        this.subscriptions = subscriptions;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<SubscriptionView> result(@RestPath String subscriptionId, @Valid @NotNull ResultInput body) {
        return subscriptions.result(subscriptionId, body);
    }
}
