package dev.marketplace.catalog.content.rest;

import java.util.Map;

import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import dev.marketplace.catalog.content.service.ContentEvent;
import dev.marketplace.catalog.content.service.ContentEventService;
import dev.marketplace.common.security.Roles;
import io.smallrye.mutiny.Uni;

/** Content events for customer search, published by a product with its product-scoped OAuth 2.0 token. */
@Path("/api/appwise/v2/data")
@RolesAllowed(Roles.VENDOR)
@ContentEventErrors
@Produces(MediaType.APPLICATION_JSON)
public class ContentEventResource {
    private final ContentEventService contentEvents;

    public ContentEventResource(ContentEventService contentEvents) {
        this.contentEvents = contentEvents;
    }

    /** 200 {@code {}} once stored (or removed) and its domain event written. */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Publish a content event about a vendor's product (its OAuth 2.0 product token only)")
    @APIResponse(responseCode = "200", description = "The stored event",
            content = @Content(mediaType = "application/json", schema = @Schema(type = SchemaType.OBJECT)))
    public Uni<Map<String, Object>> publish(@Valid @NotNull ContentEvent event) {
        return contentEvents.publish(event).replaceWith(Map.of());
    }
}
