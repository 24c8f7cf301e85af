package dev.marketplace.notification.vendorevent.rest;

import java.util.HashMap;
import java.util.Map;

import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import org.jboss.resteasy.reactive.RestPath;

import dev.marketplace.common.security.Roles;
import dev.marketplace.notification.vendorevent.domain.VendorEventStatus;
import dev.marketplace.notification.vendorevent.service.VendorEventDocuments;
import dev.marketplace.notification.vendorevent.service.VendorExchange;
import dev.marketplace.notification.vendorevent.service.VendorResultInput;
import io.smallrye.mutiny.Uni;

/**
 * The vendor's side of the AppDirect vendor protocol, reached through the gateway with the product's vendor credentials (the internal
 * token's {@code product} claim must be the event's product; any other caller gets 403): the signed fetch of an event,
 * the result of an event the vendor answered 202 to, and the signed return URL of an interactive order.
 */
@Path("/api/integration/v1/events/{eventToken}")
@RolesAllowed(Roles.VENDOR)
public class IntegrationEventResource {
    private final VendorExchange service;
    private final VendorEventDocuments documents;

    public IntegrationEventResource(VendorExchange service, VendorEventDocuments documents) {
        this.service = service;
        this.documents = documents;
    }

    /** The event document: JSON when the caller asks for it, XML otherwise (AppDirect's legacy default). */
    @GET
    @Operation(summary = "Fetch a vendor event by its token (signed by the vendor), as XML or as JSON with Accept: "
            + "application/json")
    @APIResponse(responseCode = "200", description = "The event (AppDirect's event document): XML by default, JSON when "
            + "asked", content = {
                @Content(mediaType = "application/xml", schema = @Schema(type = SchemaType.STRING)),
                @Content(mediaType = "application/json", schema = @Schema(type = SchemaType.OBJECT)) })
    public Uni<Response> fetch(@RestPath String eventToken, @HeaderParam(HttpHeaders.ACCEPT) String accept) {
        boolean json = accept != null && accept.toLowerCase().contains("json");
        return service.fetch(eventToken).map(e -> json
                // charset named: a vendor reading the body as text (Spring's String converter) would take ISO-8859-1
                ? Response.ok(documents.served(e), MediaType.APPLICATION_JSON_TYPE.withCharset("UTF-8")).build()
                : Response.ok(documents.xml(documents.served(e)), MediaType.APPLICATION_XML_TYPE.withCharset("UTF-8")).build());
    }

    /** The vendor's result (AppDirect APIResult JSON); 204, or 409 when a result was already recorded. */
    @POST
    @Path("result")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Record the vendor's result of an event (AppDirect APIResult); 409 when one was already "
            + "recorded")
    @APIResponse(responseCode = "204", description = "Done; no body")
    public Uni<Response> result(@RestPath String eventToken, @Valid @NotNull VendorResultInput input) {
        return service.result(eventToken, input.checked(), "RESULT").map(e -> Response.noContent().build());
    }

    /**
     * The signed return URL of an interactive order: the vendor sends the user's browser here with {@code success},
     * {@code accountIdentifier} (or {@code errorCode}, {@code message}) and {@code oauth_*} parameters, which the gateway
     * verifies with the product's vendor credentials. Records the result and shows the user a short page.
     */
    @GET
    @Path("return")
    @Produces(MediaType.TEXT_HTML)
    @Operation(summary = "The vendor's signed return URL of an interactive order: records the result and shows the "
            + "user a page")
    @APIResponse(responseCode = "200", description = "A short page telling the user the outcome",
            content = @Content(mediaType = "text/html", schema = @Schema(type = SchemaType.STRING)))
    public Uni<Response> returned(@RestPath String eventToken, @Context UriInfo uri) {
        Map<String, String> query = new HashMap<>();
        uri.getQueryParameters().forEach((k, v) -> {
            if (!v.isEmpty()) {
                query.put(k, v.get(0));
            }
        });
        VendorResultInput input = VendorResultInput.ofQuery(query);
        return service.result(eventToken, input, "RETURN_URL").map(e -> Response.ok(page(e.status == VendorEventStatus.SUCCEEDED,
                e.productName), MediaType.TEXT_HTML_TYPE).build());
    }

    private static String page(boolean success, String product) {
        String name = product == null ? "the product" : product.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
        return "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Order</title></head><body><p>"
                + (success ? "Your order of " + name + " is complete." : "Your order of " + name + " could not be completed.")
                + "</p></body></html>";
    }
}
