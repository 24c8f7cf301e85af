package dev.marketplace.gateway.openapi.rest;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

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
    @APIResponse(responseCode = "200", description = "An OpenAPI 3.0 document",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = SchemaType.OBJECT)))
    public Uni<ObjectNode> document() {
        return openApi.document();
    }
}
