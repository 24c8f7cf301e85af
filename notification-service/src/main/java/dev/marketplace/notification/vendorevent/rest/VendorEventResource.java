package dev.marketplace.notification.vendorevent.rest;

import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.common.security.Roles;
import dev.marketplace.notification.vendorevent.service.VendorDispatcher;
import dev.marketplace.notification.vendorevent.service.VendorEventOperations;
import dev.marketplace.notification.vendorevent.service.VendorEventView;
import dev.marketplace.notification.vendorevent.service.VendorResultInput;
import io.smallrye.mutiny.Uni;

/**
 * Operators' view of vendor notifications (not in the AppDirect API): the partner's vendor events with their delivery
 * state, the retry of a PARKED event and its resolution by hand.
 */
@Path("/api/notification/v1/vendor-events")
@Produces(MediaType.APPLICATION_JSON)
public class VendorEventResource {
    private final VendorEventOperations service;
    private final VendorDispatcher dispatcher;

    public VendorEventResource(VendorEventOperations service, VendorDispatcher dispatcher) {
        this.service = service;
        this.dispatcher = dispatcher;
    }

    @GET
    @RolesAllowed({ Roles.PARTNER, Roles.PARTNER_READ, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT })
    @Operation(summary = "List vendor event notifications, filtered by status (parked ones included), paged")
    public Uni<PagedResponse<VendorEventView>> list(@RestQuery String status, @RestQuery String page, @RestQuery String size,
            @Context UriInfo uri) {
        return service.list(status, PageRequest.of(page, size, 50), uri);
    }

    @GET
    @Path("{eventId}")
    @RolesAllowed({ Roles.PARTNER, Roles.PARTNER_READ, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT })
    @Operation(summary = "Read one vendor event notification with its attempts")
    public Uni<VendorEventView> get(@RestPath String eventId) {
        return service.get(eventId);
    }

    /** Settles a PARKED or AWAITING_RESULT event by hand (body: the vendor's APIResult); 409 otherwise. */
    @POST
    @Path("{eventId}/resolve")
    @RolesAllowed({ Roles.PARTNER, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT })
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Resolve a parked vendor event by hand with the result the vendor would have given")
    public Uni<VendorEventView> resolve(@RestPath String eventId, @Valid @NotNull VendorResultInput input) {
        return service.resolve(eventId, input.checked());
    }

    /** Sends a PARKED event again (attempts start over); 409 for an event that is not parked. */
    @POST
    @Path("{eventId}/retry")
    @RolesAllowed({ Roles.PARTNER, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT })
    @Operation(summary = "Retry a parked vendor event now")
    public Uni<VendorEventView> retry(@RestPath String eventId) {
        return service.retry(eventId).invoke(dispatcher::wakeUp);
    }
}
