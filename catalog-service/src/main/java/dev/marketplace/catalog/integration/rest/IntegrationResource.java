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

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

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
    @Operation(summary = "Read a product's vendor integration settings (event URLs, credentials key, interactive "
            + "flags)")
    public Uni<SettingsView> get(@RestPath String productId) {
        return integrations.settings(Ids.number("productId", productId));
    }

    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Set a product's vendor integration settings; the consumer secret is generated at creation "
            + "and shown once")
    public Uni<SettingsView> update(@RestPath String productId, @Valid @NotNull SettingsInput input) {
        long id = Ids.number("productId", productId);
        return integrations.requireManageable(id).chain(() -> integrations.checkOutboundUrls(input))
                .chain(() -> integrations.update(id, input));
    }

    /** Generates a new consumer secret; the answer is the only place it is ever shown. */
    @POST
    @Path("secret")
    @Operation(summary = "Rotate a product's vendor consumer secret, shown once in the answer; the old one is refused "
            + "at once")
    public Uni<RotatedSecret> rotate(@RestPath String productId) {
        return integrations.rotate(Ids.number("productId", productId));
    }

    @POST
    @Path("ping")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Send the vendor a signed test event to check its event URL")
    @APIResponse(responseCode = "202", description = "Sent; the vendor's answer",
            content = @Content(mediaType = "application/json",
            schema = @Schema(implementation = IntegrationService.PingResult.class)))
    public Uni<Response> ping(@RestPath String productId, @Valid PingInput input) {
        return integrations.ping(Ids.number("productId", productId), input)
                .map(result -> Response.accepted(result).build());
    }
}
