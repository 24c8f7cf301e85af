package dev.marketplace.notification.client;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import dev.marketplace.notification.client.CatalogClient.Integration;
import dev.marketplace.common.client.ServiceTokenHeaders;
import io.smallrye.mutiny.Uni;

/**
 * catalog-service's internal API, as the vendor dispatcher calls it (service token of the partner, ROLE_SYS_ADMIN):
 * the product's integration with the vendor's consumer secret, which catalog gives notification alone.
 */
@Path("/internal/v1")
@RegisterRestClient(configKey = "catalog")
@RegisterClientHeaders(ServiceTokenHeaders.class)
public interface CatalogApi {

    @GET
    @Path("/products/{productId}/integration/with-secret")
    @Produces(MediaType.APPLICATION_JSON)
    Uni<Integration> integration(@HeaderParam(ServiceTokenHeaders.PARTNER) String partner,
            @PathParam("productId") long productId);
}
