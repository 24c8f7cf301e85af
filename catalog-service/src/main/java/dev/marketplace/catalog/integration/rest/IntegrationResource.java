package dev.marketplace.catalog.integration.rest;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.jboss.resteasy.reactive.RestPath;

import dev.marketplace.catalog.integration.service.IntegrationService;
import dev.marketplace.catalog.integration.service.IntegrationService.PingInput;
import dev.marketplace.catalog.integration.service.IntegrationService.RotatedSecret;
import dev.marketplace.catalog.integration.service.IntegrationService.SettingsInput;
import dev.marketplace.catalog.integration.service.IntegrationService.SettingsView;
import dev.marketplace.common.lookup.Ids;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/** A product's vendor integration settings (administrative API: channel administrators and the product's developers). */
@Path("/api/marketplace/v1/products/{productId}/integration")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class IntegrationResource {
    private final IntegrationService integrations;

    public IntegrationResource(IntegrationService integrations) {
        this.integrations = integrations;
    }

    @GET
    public Uni<SettingsView> get(@RestPath String productId) {
        return integrations.settings(Ids.number("productId", productId));
    }

    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<SettingsView> update(@RestPath String productId, @Valid @NotNull SettingsInput input) {
        long id = Ids.number("productId", productId);
        return integrations.requireManageable(id).chain(() -> integrations.checkOutboundUrls(input))
                .chain(() -> integrations.update(id, input));
    }

    /** Generates a new consumer secret; the answer is the only place it is ever shown. */
    @POST
    @Path("secret")
    public Uni<RotatedSecret> rotate(@RestPath String productId) {
        return integrations.rotate(Ids.number("productId", productId));
    }

    @POST
    @Path("ping")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> ping(@RestPath String productId, @Valid PingInput input) {
        return integrations.ping(Ids.number("productId", productId), input)
                .map(result -> Response.accepted(result).build());
    }
}
