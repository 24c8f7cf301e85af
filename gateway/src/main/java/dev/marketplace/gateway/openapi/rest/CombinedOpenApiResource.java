package dev.marketplace.gateway.openapi.rest;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.marketplace.gateway.openapi.service.CombinedOpenApi;
import io.smallrye.mutiny.Uni;

/** The OpenAPI document of the whole public API (no authentication: it describes, it does not expose data). */
@Path("/openapi")
public class CombinedOpenApiResource {
    private final CombinedOpenApi openApi;

    public CombinedOpenApiResource(CombinedOpenApi openApi) {
        this.openApi = openApi;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "The OpenAPI document of the public API: the gateway's endpoints and every service's")
    public Uni<ObjectNode> document() {
        return openApi.document();
    }
}
