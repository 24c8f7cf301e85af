package dev.marketplace.catalog.settings.rest;

import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import dev.marketplace.catalog.settings.service.SettingsService;
import dev.marketplace.catalog.settings.service.SettingsShapes.ActiveSettings;
import dev.marketplace.catalog.settings.service.SettingsShapes.MarketplaceProductSettings;
import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.lookup.Ids;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/** Marketplace product settings and the settings screen's active components. */
@Path("/api/v3/marketplaceProduct")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class ProductSettingsResource {
    private final SettingsService settings;

    public ProductSettingsResource(SettingsService settings) {
        this.settings = settings;
    }

    @GET
    @Path("activeSettings/{productId}")
    @Operation(summary = "Read a product's settings active in the caller's marketplace")
    public Uni<ActiveSettings> active(@RestPath String productId) {
        return settings.active(Ids.number("productId", productId));
    }

    @GET
    @Path("productSettings/{productId}")
    @Operation(summary = "Read a product's marketplace settings by product id")
    public Uni<MarketplaceProductSettings> read(@RestPath String productId) {
        return settings.read(Ids.number("productId", productId));
    }

    @GET
    @Path("productSettings/readByRefId/{productRefId}")
    @Operation(summary = "Read a product's marketplace settings by the product's reference id")
    public Uni<MarketplaceProductSettings> readByRefId(@RestPath String productRefId) {
        return settings.readByRefId(productRefId);
    }

    /** {@code addToCatalog=true} also publishes a product not yet in the catalogue. Answers the settings in an array. */
    @PUT
    @Path("productSettings/{productId}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Set a product's marketplace settings by product id, optionally adding it to the catalogue")
    public Uni<List<MarketplaceProductSettings>> update(@RestPath String productId, @RestQuery String addToCatalog,
            @Valid @NotNull MarketplaceProductSettings body) {
        long id = Ids.number("productId", productId);
        return settings.update(id, body, QueryParams.bool("addToCatalog", addToCatalog, false));
    }

    @PUT
    @Path("productSettings/updateByRefId/{productRefId}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Set a product's marketplace settings by the product's reference id")
    public Uni<List<MarketplaceProductSettings>> updateByRefId(@RestPath String productRefId,
            @Valid @NotNull MarketplaceProductSettings body) {
        return settings.updateByRefId(productRefId, body);
    }
}
