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
    public Uni<Response> create(@Valid @NotNull ZoneInput input, @Context UriInfo uri) {
        return shipping.check(input, true).chain(() -> shipping.create(input)).map(zone -> Response
                .created(uri.getBaseUriBuilder().path("api/platformAdministration/v1/shippingConfigurations/zones/{uuid}")
                        .build(zone.uuid()))
                .entity(zone).build());
    }

    @GET
    @Path("zones")
    public Uni<List<ZoneView>> list() {
        return shipping.list();
    }

    @GET
    @Path("zones/{uuid}")
    public Uni<ZoneView> get(@RestPath String uuid) {
        return shipping.get(Ids.uuid("uuid", uuid));
    }

    @PUT
    @Path("zones/{uuid}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<ZoneView> update(@RestPath String uuid, @Valid @NotNull ZoneInput input) {
        var id = Ids.uuid("uuid", uuid);
        return shipping.requireZone(id).chain(() -> shipping.check(input, false)).chain(() -> shipping.update(id, input));
    }
}
