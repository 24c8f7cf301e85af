package dev.marketplace.billing.subscription.rest;

import java.util.List;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import org.jboss.resteasy.reactive.RestPath;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;

import dev.marketplace.billing.subscription.service.AssignmentView;
import dev.marketplace.billing.subscription.service.SubscriptionInputs.AssignInput;
import dev.marketplace.billing.subscription.service.SubscriptionInputs.ChangeInput;
import dev.marketplace.billing.subscription.service.SubscriptionService;
import dev.marketplace.billing.subscription.service.UserAssignments;
import dev.marketplace.billing.subscription.service.SeatLimits;
import dev.marketplace.billing.subscription.service.SubscriptionView;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/** A subscription by id, and the users assigned to it. */
@Path("/api/billing/v1/subscriptions/{subscriptionId}")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class SubscriptionResource {
    private final SubscriptionService subscriptions;
    private final UserAssignments assignments;
    private final SeatLimits seats;

    public SubscriptionResource(SubscriptionService subscriptions, UserAssignments assignments, SeatLimits seats) {
        this.subscriptions = subscriptions;
        this.assignments = assignments;
        this.seats = seats;
    }

    @GET
    @Operation(summary = "Read one subscription by id")
    public Uni<SubscriptionView> get(@RestPath String subscriptionId) {
        return subscriptions.get(subscriptionId);
    }

    /** Same as the PUT under the company/user path (AppDirect also exposes the subscription by id alone). */
    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Change a subscription's edition or units; the vendor is told and the answer is "
            + "PENDING_REMOTE_CHANGE")
    @APIResponse(responseCode = "202", description = "Accepted; the change waits for the vendor",
            content = @Content(mediaType = "application/json",
            schema = @Schema(implementation = SubscriptionView.class)))
    public Uni<Response> change(@RestPath String subscriptionId, @Valid @NotNull ChangeInput body) {
        return subscriptions.change(null, subscriptionId, body.checked()).map(view -> Response.accepted(view).build());
    }

    /** Same as the DELETE under the company/user path: cancel → 202 PENDING_REMOTE_CANCELLATION. */
    @DELETE
    @Operation(summary = "Cancel a subscription; the vendor is told and the answer is PENDING_REMOTE_CANCELLATION")
    @APIResponse(responseCode = "202", description = "Accepted; the cancellation waits for the vendor",
            content = @Content(mediaType = "application/json",
            schema = @Schema(implementation = SubscriptionView.class)))
    public Uni<Response> cancel(@RestPath String subscriptionId) {
        return subscriptions.cancel(null, subscriptionId).map(view -> Response.accepted(view).build());
    }

    @GET
    @Path("assignments")
    @Operation(summary = "List the users assigned to a subscription")
    public Uni<List<AssignmentView>> assignments(@RestPath String subscriptionId) {
        return assignments.assignments(subscriptionId);
    }

    /** Assigns a user: 202 with the assignment PENDING_REMOTE_ASSIGNMENT until the vendor answers USER_ASSIGNMENT. */
    @POST
    @Path("assignments")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Assign a user of the company to a subscription; the vendor is told")
    @APIResponse(responseCode = "202", description = "Accepted; the assignment waits for the vendor",
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = AssignmentView.class)))
    public Uni<Response> assign(@RestPath String subscriptionId, @Valid @NotNull AssignInput body) {
        return seats.assign(subscriptionId, body).map(view -> Response.accepted(view).build());
    }

    @DELETE
    @Path("assignments/{userUuid}")
    @Operation(summary = "Unassign a user from a subscription; the vendor is told")
    @APIResponse(responseCode = "202", description = "Accepted; the unassignment waits for the vendor",
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = AssignmentView.class)))
    public Uni<Response> unassign(@RestPath String subscriptionId, @RestPath String userUuid) {
        return assignments.unassign(subscriptionId, userUuid).map(view -> Response.accepted(view).build());
    }
}
