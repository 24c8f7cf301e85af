package dev.marketplace.common.events.inbox;

import java.util.UUID;

import jakarta.annotation.security.RolesAllowed;
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

import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.common.security.Caller;
import dev.marketplace.common.security.Roles;
import io.smallrye.mutiny.Uni;

/**
 * The parked events of a consuming service, for its marketplace's support staff (our extension; not in AppDirect's
 * API). Each consuming service serves it under its own path, by a subclass that only names the path; the management
 * port serves the same operations for every marketplace ({@link ParkedEventRoutes}).
 */
@RolesAllowed(Roles.SUPER_SUPPORT)
@Produces(MediaType.APPLICATION_JSON)
public abstract class ParkedEventResource {
    /** The body of a discard. */
    public record Discard(String reason) {
    }

    private final ParkedEvents parked;
    private final Caller caller;

    protected ParkedEventResource(ParkedEvents parked, Caller caller) {
        this.parked = parked;
        this.caller = caller;
    }

    @GET
    @Operation(summary = "Lists the marketplace's events this service could not apply (status PARKED by default)")
    public Uni<PagedResponse<ParkedEvent>> list(@RestQuery String status, @RestQuery String type, @RestQuery String page,
            @RestQuery String size, @Context UriInfo uri) {
        String wanted = status == null ? null : QueryParams.enumValue("status", status, Status.class, Status.PARKED).name();
        PageRequest request = PageRequest.of(page, size, 50);
        return parked.list(caller.partner(), wanted, QueryParams.text(type), request)
                .map(found -> PagedResponse.of(found.rows(), request, found.total(), uri));
    }

    @GET
    @Path("{id}")
    @Operation(summary = "Reads one parked event with its envelope and its last failure")
    public Uni<ParkedEvent> get(@RestPath String id) {
        return parked.find(caller.partner(), QueryParams.uuid("id", id));
    }

    @POST
    @Path("{id}/retry")
    @Operation(summary = "Tries a parked event once more: PROCESSED when it applies, still PARKED with the new failure")
    public Uni<ParkedEvent> retry(@RestPath String id) {
        return parked.retry(caller.partner(), QueryParams.uuid("id", id), caller.consumerKey());
    }

    @POST
    @Path("retry")
    @Operation(summary = "Retries every parked event of one type, oldest first")
    public Uni<ParkedEvents.Retried> retryAll(@RestQuery String type) {
        return parked.retryAll(caller.partner(), QueryParams.text(type), caller.consumerKey());
    }

    @POST
    @Path("{id}/discard")
    @Operation(summary = "Gives a parked event up, with the reason kept beside it")
    public Uni<ParkedEvent> discard(@RestPath String id, Discard body) {
        UUID event = QueryParams.uuid("id", id);
        return parked.discard(caller.partner(), event, body == null ? null : body.reason(), caller.consumerKey());
    }

    /** The states a parked event can be listed in. */
    public enum Status {
        PARKED, PROCESSED, DISCARDED
    }
}
