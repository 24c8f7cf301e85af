package dev.marketplace.catalog.product.rest;

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

import dev.marketplace.catalog.product.service.CatalogViews.EditionView;
import dev.marketplace.catalog.product.service.CatalogViews.PlanView;
import dev.marketplace.catalog.product.service.CatalogViews.ProductView;
import dev.marketplace.catalog.product.service.ProductInputs.EditionInput;
import dev.marketplace.catalog.product.service.ProductInputs.PlanInput;
import dev.marketplace.catalog.product.service.ProductInputs.ProductInput;
import dev.marketplace.catalog.product.service.ProductRules;
import dev.marketplace.catalog.product.service.EditionService;
import dev.marketplace.catalog.product.service.ProductService;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/**
 * Products, editions and payment plans. The edition read is spec Table A; the rest is the administrative API
 * (channel administrators and the product's developers).
 */
@Path("/api/marketplace/v1/products")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class ProductResource {
    static final int DEFAULT_PAGE_SIZE = 50;

    private final ProductService products;
    private final EditionService editions;

    public ProductResource(ProductService products, EditionService editions) {
        this.products = products;
        this.editions = editions;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create a product of the marketplace's catalogue, unpublished")
    @APIResponse(responseCode = "201", description = "Created; Location names it", headers = @Header(name = "Location",
            description = "URL of what was created", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = ProductView.class)))
    public Uni<Response> create(@Valid @NotNull ProductInput input, @Context UriInfo uri) {
        ProductRules.check(input, true);
        return products.create(input, uri.getBaseUri()).map(view -> Response
                .created(uri.getBaseUriBuilder().path("api/marketplace/v1/products/{id}").build(view.id()))
                .entity(view).build());
    }

    @GET
    @Operation(summary = "List the marketplace's products, paged")
    public Uni<PagedResponse<ProductView>> list(@RestQuery String page, @RestQuery String size, @Context UriInfo uri) {
        return products.list(PageRequest.of(page, size, DEFAULT_PAGE_SIZE), uri.getBaseUri(), uri);
    }

    @GET
    @Path("{productId}")
    @Operation(summary = "Read one product with its editions and plans")
    public Uni<ProductView> get(@RestPath String productId, @Context UriInfo uri) {
        return products.get(Ids.number("productId", productId), uri.getBaseUri());
    }

    @PUT
    @Path("{productId}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Replace a product's fields")
    public Uni<ProductView> update(@RestPath String productId, @Valid @NotNull ProductInput input, @Context UriInfo uri) {
        long id = Ids.number("productId", productId);
        ProductRules.check(input, false);
        return products.update(id, input, uri.getBaseUri());
    }

    /** Publishes the product to the storefront (channel administrators). */
    @POST
    @Path("{productId}/publication")
    @Operation(summary = "Publish a product in the storefront")
    public Uni<ProductView> publish(@RestPath String productId, @Context UriInfo uri) {
        return products.publish(Ids.number("productId", productId), uri.getBaseUri());
    }

    /** Takes the product out of the storefront (channel administrators). */
    @DELETE
    @Path("{productId}/publication")
    @Operation(summary = "Withdraw a product from the storefront")
    public Uni<ProductView> unpublish(@RestPath String productId, @Context UriInfo uri) {
        return products.unpublish(Ids.number("productId", productId), uri.getBaseUri());
    }

    @POST
    @Path("{productId}/editions")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Add an edition to a product")
    @APIResponse(responseCode = "201", description = "Created; Location names it", headers = @Header(name = "Location",
            description = "URL of what was created", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = EditionView.class)))
    public Uni<Response> addEdition(@RestPath String productId, @Valid @NotNull EditionInput input, @Context UriInfo uri) {
        long id = Ids.number("productId", productId);
        ProductRules.check(input, true);
        return editions.addEdition(id, input, uri.getBaseUri()).map(view -> Response
                .created(uri.getBaseUriBuilder().path("api/marketplace/v1/products/{id}/editions/{e}").build(id, view.id()))
                .entity(view).build());
    }

    /** Spec Table A: GET /api/marketplace/v1/products/{applicationId}/editions/{editionId}. */
    @GET
    @Path("{applicationId}/editions/{editionId}")
    @Operation(summary = "Read one edition of a product with its plans")
    public Uni<EditionView> edition(@RestPath String applicationId, @RestPath String editionId, @Context UriInfo uri) {
        return editions.edition(Ids.number("applicationId", applicationId), Ids.number("editionId", editionId),
                uri.getBaseUri());
    }

    @PUT
    @Path("{applicationId}/editions/{editionId}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Replace an edition's fields")
    public Uni<EditionView> updateEdition(@RestPath String applicationId, @RestPath String editionId,
            @Valid @NotNull EditionInput input, @Context UriInfo uri) {
        long productId = Ids.number("applicationId", applicationId);
        long edition = Ids.number("editionId", editionId);
        ProductRules.check(input, false);
        return editions.updateEdition(productId, edition, input, uri.getBaseUri());
    }

    @POST
    @Path("{applicationId}/editions/{editionId}/paymentPlans")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Add a payment plan (frequency, prices, units) to an edition")
    @APIResponse(responseCode = "201", description = "Created; Location names it", headers = @Header(name = "Location",
            description = "URL of what was created", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = PlanView.class)))
    public Uni<Response> addPlan(@RestPath String applicationId, @RestPath String editionId, @Valid @NotNull PlanInput input,
            @Context UriInfo uri) {
        long productId = Ids.number("applicationId", applicationId);
        long edition = Ids.number("editionId", editionId);
        ProductRules.check(input);
        return editions.addPlan(productId, edition, input, uri.getBaseUri())
                .map(view -> Response.created(java.net.URI.create(view.href())).entity(view).build());
    }

    @GET
    @Path("{applicationId}/editions/{editionId}/paymentPlans/{planId}")
    @Operation(summary = "Read one payment plan of an edition")
    public Uni<PlanView> plan(@RestPath String applicationId, @RestPath String editionId, @RestPath String planId,
            @Context UriInfo uri) {
        return editions.plan(Ids.number("applicationId", applicationId), Ids.number("editionId", editionId),
                Ids.number("planId", planId), uri.getBaseUri());
    }
}
