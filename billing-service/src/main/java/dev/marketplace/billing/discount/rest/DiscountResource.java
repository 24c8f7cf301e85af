package dev.marketplace.billing.discount.rest;


import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import dev.marketplace.billing.discount.domain.DiscountSortField;
import dev.marketplace.billing.discount.service.DiscountInput;
import dev.marketplace.billing.discount.service.DiscountService;
import dev.marketplace.billing.discount.service.DiscountView;
import dev.marketplace.billing.support.StartCount;
import dev.marketplace.common.input.QueryParams;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/** Discounts of the marketplace (AppDirect {@code /channel/v1/discounts}), addressed by numeric id or UUID. */
@Path("/api/channel/v1/discounts")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class DiscountResource {
    static final int DEFAULT_COUNT = 250;
    static final int MAX_COUNT = 1000;

    private final DiscountService discounts;

    public DiscountResource(DiscountService discounts) {
        this.discounts = discounts;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create a discount (code, percentage or amount, validity, products)")
    @APIResponse(responseCode = "201", description = "Created; Location names it", headers = @Header(name = "Location",
            description = "URL of what was created", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = DiscountView.class)))
    public Uni<Response> create(@Valid @NotNull DiscountInput body, @Context UriInfo uri) {
        return discounts.create(body.checked(System.currentTimeMillis())).map(view -> Response
                .created(uri.getBaseUriBuilder().path("api/channel/v1/discounts/{id}").build(view.id())).entity(view).build());
    }

    /** A plain array with start/count paging and X-Total-Count, as AppDirect answers it. */
    @GET
    @Operation(summary = "List discounts, filtered by code, with start/count paging and X-Total-Count")
    @APIResponse(responseCode = "200", description = "The discounts (a plain array); X-Total-Count gives the total",
            content = @Content(mediaType = "application/json", schema = @Schema(type = SchemaType.ARRAY,
            implementation = DiscountView.class)))
    public Uni<Response> list(@RestQuery String code, @RestQuery String start, @RestQuery String count,
            @RestQuery String sortField, @RestQuery String sortOrder) {
        var sort = QueryParams.enumValue("sortField", sortField, DiscountSortField.class,
                DiscountSortField.CREATED_ON);
        return discounts.list(QueryParams.text(code), sort, QueryParams.ascending(sortOrder, true),
                StartCount.start(start),
                QueryParams.intInRange("count", count, 1, MAX_COUNT, DEFAULT_COUNT))
                .map(page -> StartCount.withTotal(Response.ok(page.discounts()), page.total()).build());
    }

    @GET
    @Path("{discountId}")
    @Operation(summary = "Read one discount")
    public Uni<DiscountView> get(@RestPath String discountId) {
        return discounts.get(discountId);
    }

    @PUT
    @Path("{discountId}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Replace a discount's fields")
    public Uni<DiscountView> update(@RestPath String discountId, @Valid @NotNull DiscountInput body) {
        return discounts.update(discountId, body.checked(System.currentTimeMillis()));
    }

    @DELETE
    @Path("{discountId}")
    @Operation(summary = "Delete a discount")
    @APIResponse(responseCode = "204", description = "Done; no body")
    public Uni<Response> delete(@RestPath String discountId) {
        return discounts.delete(discountId).map(v -> Response.noContent().build());
    }
}
