package dev.marketplace.lead.client;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import dev.marketplace.common.client.ServiceTokenHeaders;
import dev.marketplace.lead.client.CatalogClient.CatalogProduct;
import io.smallrye.mutiny.Uni;

/** catalog-service's product read, as lead-service calls it (service token of the partner, ROLE_PARTNER_READ). */
@Path("/api/marketplace/v1/products")
@RegisterRestClient(configKey = "catalog")
@RegisterClientHeaders(ServiceTokenHeaders.class)
public interface CatalogApi {

    @GET
    @Path("{productId}")
    @Produces(MediaType.APPLICATION_JSON)
    Uni<CatalogProduct> product(@HeaderParam(ServiceTokenHeaders.PARTNER) String partner,
            @HeaderParam(ServiceTokenHeaders.ROLE) String role, @PathParam("productId") long productId);
}
