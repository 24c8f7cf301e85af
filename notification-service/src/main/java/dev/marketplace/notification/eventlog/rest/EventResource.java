package dev.marketplace.notification.eventlog.rest;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
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
import dev.marketplace.notification.eventlog.service.EventLogService;
import dev.marketplace.notification.eventlog.service.EventView;
import dev.marketplace.common.input.QueryParams;
import io.smallrye.mutiny.Uni;

/** The event log: the caller's partner's domain events. */
@Path("/api/channel/v1/events")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({ Roles.PARTNER, Roles.PARTNER_READ, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT })
public class EventResource {
    static final int DEFAULT_PAGE_SIZE = 50;

    private final EventLogService events;

    public EventResource(EventLogService events) {
        this.events = events;
    }

    @GET
    @Operation(summary = "List the marketplace's event log, filtered by date, order, type or text, paged")
    public Uni<PagedResponse<EventView>> list(@RestQuery String fromDate, @RestQuery String toDate, @RestQuery String orderId,
            @RestQuery String page, @RestQuery String size, @RestQuery String searchText, @RestQuery String sortOrder,
            @RestQuery String type, @Context UriInfo uri) {
        EventLogService.Query query = new EventLogService.Query(QueryParams.number("fromDate", fromDate),
                QueryParams.number("toDate", toDate), QueryParams.number("orderId", orderId), type, searchText,
                QueryParams.ascending(sortOrder, true));
        return events.list(query, PageRequest.of(page, size, DEFAULT_PAGE_SIZE), uri);
    }

    @GET
    @Path("{eventId}")
    @Operation(summary = "Read one event of the event log with its payload")
    public Uni<EventView> get(@RestPath String eventId, @Context UriInfo uri) {
        return events.get(eventId, uri);
    }
}
