package dev.marketplace.billing.subscription.rest;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.jboss.resteasy.reactive.RestPath;

import dev.marketplace.billing.subscription.service.SubscriptionService;
import dev.marketplace.billing.subscription.service.SubscriptionService.Entitlements;
import dev.marketplace.billing.subscription.service.SubscriptionService.Owner;
import dev.marketplace.common.security.Roles;
import dev.marketplace.common.security.mesh.InternalCallers;
import io.smallrye.mutiny.Uni;

/**
 * Mesh-internal: does a user still hold subscriptions or assignments in a company? (account-service answers 409
 * "Active subscriptions found" when removing or disabling such a membership.) account's service tokens of the partner.
 */
@Path("/internal/v1/companies/{companyUuid}/users/{userUuid}/entitlements")
@InternalCallers("account")
@RolesAllowed(Roles.SYS_ADMIN)
@Produces(MediaType.APPLICATION_JSON)
public class InternalEntitlementResource {
    private final SubscriptionService subscriptions;

    public InternalEntitlementResource(SubscriptionService subscriptions) {
        this.subscriptions = subscriptions;
    }

    @GET
    public Uni<Entitlements> entitlements(@RestPath String companyUuid, @RestPath String userUuid) {
        return subscriptions.entitlements(Owner.parse(companyUuid, userUuid));
    }
}
