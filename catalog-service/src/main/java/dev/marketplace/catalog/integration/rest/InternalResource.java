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
import org.jboss.resteasy.reactive.RestQuery;

import dev.marketplace.catalog.integration.service.IntegrationService;
import dev.marketplace.catalog.integration.service.IntegrationService.ProductIntegrationView;
import dev.marketplace.catalog.integration.service.IntegrationService.SignInput;
import dev.marketplace.catalog.integration.service.IntegrationService.SignedUrl;
import dev.marketplace.catalog.integration.service.IntegrationService.VendorCredentials;
import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.security.Roles;
import io.smallrye.mutiny.Uni;

/** Mesh-internal lookups for the gateway, the notifier and billing: service tokens with ROLE_SYS_ADMIN only. */
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

    /**
     * The product's vendor integration; {@code includeSecret=false} leaves the consumer secret out (for services that
     * never sign: they ask {@code signed-urls}).
     */
    @GET
    @Path("products/{productId}/integration")
    public Uni<ProductIntegrationView> integration(@RestPath String productId, @RestQuery String includeSecret) {
        long id = Ids.number("productId", productId);
        return QueryParams.bool("includeSecret", includeSecret, true) ? integrations.internalView(id)
                : integrations.internalViewWithoutSecret(id);
    }

    /** {@code {"method": "GET", "url": "..."}} → {@code {"url": "<url signed with the vendor's OAuth 1.0 credentials>"}}. */
    @POST
    @Path("products/{productId}/signed-urls")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<SignedUrl> sign(@RestPath String productId, @Valid @NotNull SignInput input) {
        return integrations.sign(Ids.number("productId", productId), input);
    }
}
