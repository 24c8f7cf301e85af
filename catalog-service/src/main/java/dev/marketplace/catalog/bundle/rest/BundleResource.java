package dev.marketplace.catalog.bundle.rest;

import java.util.List;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.GenericEntity;
import jakarta.ws.rs.core.Link;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import dev.marketplace.catalog.bundle.service.BundleService;
import dev.marketplace.catalog.bundle.service.BundleService.ListQuery;
import dev.marketplace.catalog.bundle.service.BundleViews.Bundle;
import dev.marketplace.catalog.bundle.service.BundleViews.BundleListing;
import dev.marketplace.catalog.bundle.service.BundleViews.UserAppInfo;
import dev.marketplace.catalog.product.domain.ListingSort;
import dev.marketplace.catalog.product.domain.PublicationStatus;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.paging.PageRequest;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/**
 * The storefront's listings (bundles). JSON, or XML when {@code Accept} asks for it. The list is a plain array, paged
 * with {@code page}/{@code size}; a {@code Link} header points to the next and previous pages.
 */
@Path("/api/marketplace/v1/bundles")
@Authenticated
@Produces({ MediaType.APPLICATION_JSON, MediaType.APPLICATION_XML, MediaType.TEXT_XML })
public class BundleResource {
    static final int DEFAULT_PAGE_SIZE = 50;
    static final int MAX_PAGE_SIZE = 250;

    private final BundleService bundles;

    public BundleResource(BundleService bundles) {
        this.bundles = bundles;
    }

    @GET
    @Operation(summary = "List the storefront's products (bundles) with their prices, filtered by text, type, status "
            + "or featured, paged by the next link")
    @APIResponse(responseCode = "200", description = "The listings (a plain array); a Link header names the next page",
            content = @Content(mediaType = "application/json", schema = @Schema(type = SchemaType.ARRAY,
            implementation = BundleListing.class)))
    public Uni<Response> list(@RestQuery String searchText, @RestQuery String productType, @RestQuery String featured,
            @RestQuery String status, @RestQuery String sortField, @RestQuery String sortOrder, @RestQuery String page,
            @RestQuery String size, @RestQuery String currency, @Context UriInfo uri) {
        String text = QueryParams.text(searchText);
        if (text != null && text.length() > 256) {
            throw ApiException.invalidField("searchText", "must be at most 256 characters");
        }
        String type = QueryParams.text(productType);
        if (type != null && !type.matches("[A-Z][A-Z0-9_]{0,63}")) {
            throw ApiException.invalidField("productType", "must be an upper-case identifier such as WEB_APP or BUNDLE");
        }
        ListingSort sort = QueryParams.enumValue("sortField", sortField, ListingSort.class, ListingSort.NAME);
        PageRequest paging = PageRequest.of(page, size, DEFAULT_PAGE_SIZE);
        if (paging.size() > MAX_PAGE_SIZE) {
            throw ApiException.invalidField("size", "must be between 1 and " + MAX_PAGE_SIZE);
        }
        ListQuery query = new ListQuery(text, type, QueryParams.bool("featured", featured, null),
                QueryParams.enumValue("status", status, PublicationStatus.class, null), sort,
                QueryParams.ascending(sortOrder, sort == ListingSort.NAME), paging, currency(currency));
        return bundles.list(query, uri.getBaseUri()).map(result -> {
            Response.ResponseBuilder ok = Response.ok(new GenericEntity<List<BundleListing>>(result.listings()) {
            });
            if (result.hasNext()) {
                ok.links(Link.fromUri(uri.getRequestUriBuilder().replaceQueryParam("page", paging.page() + 1).build())
                        .rel("next").build());
            }
            if (paging.page() > 0) {
                ok.links(Link.fromUri(uri.getRequestUriBuilder().replaceQueryParam("page", paging.page() - 1).build())
                        .rel("prev").build());
            }
            return ok.build();
        });
    }

    @GET
    @Path("{bundleId}")
    @Operation(summary = "Read one storefront product (bundle) with its editions and prices in a currency")
    public Uni<Bundle> get(@RestPath String bundleId, @RestQuery String currency, @Context UriInfo uri) {
        return bundles.get(Ids.number("bundleId", bundleId), currency(currency), uri.getBaseUri());
    }

    /**
     * The bundle's status: the marketplace's view, or with {@code companyId} the caller's (or, for channel callers,
     * {@code userId}'s) relation to the bundle in that company.
     */
    @GET
    @Path("{bundleId}/status")
    @Operation(summary = "Tell which users of a company own or may use a storefront product")
    @APIResponse(responseCode = "200", description = "OK", content = @Content(mediaType = "application/json",
            schema = @Schema(type = SchemaType.ARRAY, implementation = UserAppInfo.class)))
    public Uni<Response> status(@RestPath String bundleId, @RestQuery String companyId, @RestQuery String userId) {
        return bundles.status(Ids.number("bundleId", bundleId), QueryParams.uuid("companyId", companyId),
                QueryParams.uuid("userId", userId))
                .map(infos -> Response.ok(new GenericEntity<List<UserAppInfo>>(infos) {
                }).build());
    }

    private static String currency(String value) {
        String currency = QueryParams.text(value);
        if (currency != null && !currency.matches("[A-Z]{3}")) {
            throw ApiException.invalidField("currency", "must be a 3-letter currency code such as USD");
        }
        return currency;
    }
}
