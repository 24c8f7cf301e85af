package dev.marketplace.catalog.integration.rest;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.jboss.resteasy.reactive.RestPath;

import dev.marketplace.catalog.integration.service.IntegrationService;
import dev.marketplace.catalog.integration.service.IntegrationService.ProductIntegrationView;
import dev.marketplace.catalog.integration.service.IntegrationService.VendorCredentials;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.security.Roles;
import io.smallrye.mutiny.Uni;

/** Mesh-internal lookups for the gateway and the notifier: service tokens with ROLE_SYS_ADMIN only. */
@Path("/internal/v1")
@RolesAllowed(Roles.SYS_ADMIN)
@Produces(MediaType.APPLICATION_JSON)
public class InternalResource {
    private final IntegrationService integrations;

    public InternalResource(IntegrationService integrations) {
        this.integrations = integrations;
    }

    @GET
    @Path("vendor-credentials/{consumerKey}")
    public Uni<VendorCredentials> credentials(@RestPath String consumerKey) {
        return integrations.credentials(consumerKey);
    }

    @GET
    @Path("products/{productId}/integration")
    public Uni<ProductIntegrationView> integration(@RestPath String productId) {
        return integrations.internalView(Ids.number("productId", productId));
    }
}
