package dev.marketplace.notification.delivery.rest;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;

import org.jboss.resteasy.reactive.RestQuery;

import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.common.security.Roles;
import dev.marketplace.notification.delivery.service.DeliveryService;
import dev.marketplace.notification.delivery.service.DeliveryView;
import io.smallrye.mutiny.Uni;

/**
 * Delivery records of the caller's partner (not in the AppDirect API; added so that operators can see every send, its
 * status, attempts and last error).
 */
@Path("/api/notification/v1/deliveries")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({ Roles.PARTNER, Roles.PARTNER_READ, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT })
public class DeliveryResource {
    private final DeliveryService deliveries;

    public DeliveryResource(DeliveryService deliveries) {
        this.deliveries = deliveries;
    }

    @GET
    @Operation(summary = "List email and SMS deliveries, filtered by event or status, paged")
    public Uni<PagedResponse<DeliveryView>> list(@RestQuery String eventId, @RestQuery String status, @RestQuery String page,
            @RestQuery String size, @Context UriInfo uri) {
        return deliveries.list(eventId, status, PageRequest.of(page, size, 50), uri);
    }
}
