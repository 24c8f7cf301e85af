package dev.marketplace.catalog.integration.rest;

import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.jboss.resteasy.reactive.RestPath;

import dev.marketplace.catalog.integration.service.IntegrationService;
import dev.marketplace.catalog.integration.service.IntegrationService.ProductIntegrationView;
import dev.marketplace.catalog.integration.service.IntegrationService.SignInput;
import dev.marketplace.catalog.integration.service.IntegrationService.SignedUrl;
import dev.marketplace.catalog.integration.service.IntegrationService.VendorCredentials;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.security.Roles;
import dev.marketplace.common.security.mesh.InternalCallers;
import io.smallrye.mutiny.Uni;

/**
 * Mesh-internal look-ups: service tokens with ROLE_SYS_ADMIN of the callers each endpoint names, and of the marketplace
 * of the product asked about (docs/architecture.md, "Who trusts whom").
 */
@Path("/internal/v1")
@RolesAllowed(Roles.SYS_ADMIN)
@Produces(MediaType.APPLICATION_JSON)
public class InternalResource {
    private final IntegrationService integrations;

    public InternalResource(IntegrationService integrations) {
        this.integrations = integrations;
    }

    /** The gateway's look-up of a vendor consumer key, of any marketplace (the key names it). */
    @GET
    @Path("vendor-credentials/{consumerKey}")
    @InternalCallers(value = InternalCallers.GATEWAY, perMarketplace = false)
    public Uni<VendorCredentials> credentials(@RestPath String consumerKey) {
        return integrations.credentials(consumerKey);
    }

    /** The product's vendor integration without the consumer secret, for a service that never signs (billing). */
    @GET
    @Path("products/{productId}/integration")
    @InternalCallers("billing")
    public Uni<ProductIntegrationView> integration(@RestPath String productId) {
        return integrations.internalViewWithoutSecret(Ids.number("productId", productId));
    }

    /** The same with the consumer secret, for the one service that signs its calls to vendors. */
    @GET
    @Path("products/{productId}/integration/with-secret")
    @InternalCallers("notification")
    public Uni<ProductIntegrationView> integrationWithSecret(@RestPath String productId) {
        return integrations.internalView(Ids.number("productId", productId));
    }

    /** {@code {"method": "GET", "url": "..."}} → {@code {"url": "<url signed with the vendor's OAuth 1.0 credentials>"}}. */
    @POST
    @Path("products/{productId}/signed-urls")
    @Consumes(MediaType.APPLICATION_JSON)
    @InternalCallers("billing")
    public Uni<SignedUrl> sign(@RestPath String productId, @Valid @NotNull SignInput input) {
        return integrations.sign(Ids.number("productId", productId), input);
    }
}
