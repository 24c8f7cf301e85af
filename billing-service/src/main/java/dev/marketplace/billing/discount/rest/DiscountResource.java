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
    public Uni<Response> create(@Valid @NotNull DiscountInput body, @Context UriInfo uri) {
        return discounts.create(body.checked(System.currentTimeMillis())).map(view -> Response
                .created(uri.getBaseUriBuilder().path("api/channel/v1/discounts/{id}").build(view.id())).entity(view).build());
    }

    /** A plain array with start/count paging and X-Total-Count, as AppDirect answers it. */
    @GET
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
    public Uni<DiscountView> get(@RestPath String discountId) {
        return discounts.get(discountId);
    }

    @PUT
    @Path("{discountId}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<DiscountView> update(@RestPath String discountId, @Valid @NotNull DiscountInput body) {
        return discounts.update(discountId, body.checked(System.currentTimeMillis()));
    }

    @DELETE
    @Path("{discountId}")
    public Uni<Response> delete(@RestPath String discountId) {
        return discounts.delete(discountId).map(v -> Response.noContent().build());
    }
}
