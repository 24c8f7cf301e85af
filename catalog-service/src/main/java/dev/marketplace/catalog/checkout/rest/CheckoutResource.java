package dev.marketplace.catalog.checkout.rest;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;

import dev.marketplace.catalog.checkout.service.CheckoutService;
import dev.marketplace.catalog.checkout.service.CheckoutShapes.CheckoutItemDetails;
import dev.marketplace.catalog.checkout.service.CheckoutShapes.CheckoutItemsRequest;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/** Checkout item details: what a cart needs to show and price one product for an owner and a buyer. */
@Path("/api/v3/checkout/items")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class CheckoutResource {
    private final CheckoutService checkout;

    public CheckoutResource(CheckoutService checkout) {
        this.checkout = checkout;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Price checkout items (edition, plan, units, discount code) before an order is placed")
    public Uni<CheckoutItemDetails> items(@Valid @NotNull CheckoutItemsRequest request, @Context UriInfo uri) {
        return checkout.items(request, uri.getBaseUri());
    }
}
