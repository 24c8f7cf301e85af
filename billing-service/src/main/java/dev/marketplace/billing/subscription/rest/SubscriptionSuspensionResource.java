package dev.marketplace.billing.subscription.rest;

import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.RestPath;

import dev.marketplace.billing.subscription.service.SubscriptionSuspensions;
import dev.marketplace.billing.subscription.service.SubscriptionView;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/** A subscription's suspension, an operator's action (our extension: AppDirect's API has no such path). */
@Path("/api/billing/v1/subscriptions/{subscriptionId}/suspension")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class SubscriptionSuspensionResource {
    private final SubscriptionSuspensions suspensions;

    public SubscriptionSuspensionResource(SubscriptionSuspensions suspensions) {
        this.suspensions = suspensions;
    }

    @POST
    @Operation(summary = "Suspends an ACTIVE subscription (channel credentials)", description = "Our extension. The "
            + "subscription becomes SUSPENDED (reason OPERATOR); its vendor receives SUBSCRIPTION_NOTICE with notice type "
            + "DEACTIVATED and the buyer a SUBSCRIPTION_SUSPENDED email. While suspended it is not invoiced, and changes "
            + "and assignments answer 409; it may still be cancelled.")
    @APIResponse(responseCode = "200", description = "The subscription, SUSPENDED")
    @APIResponse(responseCode = "403", description = "Not channel credentials (ROLE_PARTNER, ROLE_CHANNEL_ADMIN)")
    @APIResponse(responseCode = "404", description = "No such subscription in the caller's marketplace")
    @APIResponse(responseCode = "409", description = "INVALID_STATE: the subscription is not ACTIVE (the message names its status)")
    public Uni<SubscriptionView> suspend(@RestPath String subscriptionId) {
        return suspensions.suspendByOperator(subscriptionId);
    }

    @DELETE
    @Operation(summary = "Reactivates a SUSPENDED subscription (channel credentials)", description = "Our extension. The "
            + "subscription becomes ACTIVE again, whatever suspended it; its vendor receives SUBSCRIPTION_NOTICE with "
            + "notice type REACTIVATED. Billing dates passed while suspended are not charged; the period running now is "
            + "invoiced at the recurring job's next run.")
    @APIResponse(responseCode = "200", description = "The subscription, ACTIVE")
    @APIResponse(responseCode = "403", description = "Not channel credentials (ROLE_PARTNER, ROLE_CHANNEL_ADMIN)")
    @APIResponse(responseCode = "404", description = "No such subscription in the caller's marketplace")
    @APIResponse(responseCode = "409", description = "INVALID_STATE: the subscription is not SUSPENDED (the message names its status)")
    public Uni<SubscriptionView> reactivate(@RestPath String subscriptionId) {
        return suspensions.reactivateByOperator(subscriptionId);
    }
}
