package dev.marketplace.catalog.shipping.rest;

import java.util.List;

import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import org.jboss.resteasy.reactive.RestPath;

import dev.marketplace.catalog.shipping.service.ShippingService;
import dev.marketplace.catalog.shipping.service.ShippingService.ZoneInput;
import dev.marketplace.catalog.shipping.service.ShippingService.ZoneView;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.security.Roles;
import io.smallrye.mutiny.Uni;

/** Shipping zones of the marketplace: Marketplace Managers (ROLE_CHANNEL_ADMIN) only. */
@Path("/api/platformAdministration/v1/shippingConfigurations")
@RolesAllowed(Roles.CHANNEL_ADMIN)
@Produces(MediaType.APPLICATION_JSON)
public class ShippingZoneResource {
    private final ShippingService shipping;

    public ShippingZoneResource(ShippingService shipping) {
        this.shipping = shipping;
    }

    @POST
    @Path("zone")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create a shipping zone (countries and rates)")
    @APIResponse(responseCode = "201", description = "Created; Location names it", headers = @Header(name = "Location",
            description = "URL of what was created", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = ZoneView.class)))
    public Uni<Response> create(@Valid @NotNull ZoneInput input, @Context UriInfo uri) {
        return shipping.check(input, true).chain(() -> shipping.create(input)).map(zone -> Response
                .created(uri.getBaseUriBuilder().path("api/platformAdministration/v1/shippingConfigurations/zones/{uuid}")
                        .build(zone.uuid()))
                .entity(zone).build());
    }

    @GET
    @Path("zones")
    @Operation(summary = "List the marketplace's shipping zones")
    public Uni<List<ZoneView>> list() {
        return shipping.list();
    }

    @GET
    @Path("zones/{uuid}")
    @Operation(summary = "Read one shipping zone")
    public Uni<ZoneView> get(@RestPath String uuid) {
        return shipping.get(Ids.uuid("uuid", uuid));
    }

    @PUT
    @Path("zones/{uuid}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Replace a shipping zone's countries and rates")
    public Uni<ZoneView> update(@RestPath String uuid, @Valid @NotNull ZoneInput input) {
        var id = Ids.uuid("uuid", uuid);
        return shipping.requireZone(id).chain(() -> shipping.check(input, false)).chain(() -> shipping.update(id, input));
    }
}
