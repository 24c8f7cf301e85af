package dev.marketplace.account.company.rest;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
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
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestHeader;
import org.jboss.resteasy.reactive.RestQuery;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.marketplace.account.company.service.CompanyInput;
import dev.marketplace.account.company.service.CompanyService;
import dev.marketplace.account.company.service.CompanyService.ViewOptions;
import dev.marketplace.account.company.service.CompanyView;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.idempotency.IdempotentRequest;
import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/** The Companies API: JSON only. */
@Path("/api/account/v2/companies")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class CompanyResource {
    static final int DEFAULT_PAGE_SIZE = 50;
    private static final String CUSTOM_PREFIX = "custom.";

    private final CompanyService companies;

    public CompanyResource(CompanyService companies) {
        this.companies = companies;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create a company, and its first user with an activated membership when firstUser is given")
    @APIResponse(responseCode = "201", description = "Created; Location names it", headers = @Header(name = "Location",
            description = "URL of what was created", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = CompanyView.class)))
    @RequestBody(description = "A company; firstUser (email required) creates its first member. Repeat a create safely "
            + "with an Idempotency-Key header", required = true, content = @Content(mediaType = "application/json",
            schema = @Schema(implementation = CompanyInput.class)))
    public Uni<Response> create(ObjectNode body, @RestHeader(IdempotentRequest.HEADER) String idempotencyKey,
            @Context UriInfo uri) {
        return companies.create(body, idempotencyKey, uri.getBaseUri()).map(result -> result.response(company -> Response
                .created(uri.getBaseUriBuilder().path("api/account/v2/companies/{uuid}").build(company.uuid()))
                .entity(company).build()));
    }

    @GET
    @Operation(summary = "List the marketplace's companies, filtered by name, vendor flag or custom attributes, paged")
    public Uni<PagedResponse<CompanyView>> list(@RestQuery String name, @RestQuery String includeCustomAttributes,
            @RestQuery String includePurchaseLimitData, @RestQuery String vendor, @RestQuery String page,
            @RestQuery String size, @RestQuery String sortField, @RestQuery String sortOrder, @Context UriInfo uri) {
        if (sortField != null && !"NAME".equals(sortField)) {
            throw ApiException.invalidField("sortField", "must be NAME");
        }
        boolean ascending = QueryParams.ascending(sortOrder, false);
        ViewOptions options = new ViewOptions(QueryParams.bool("includeCustomAttributes", includeCustomAttributes, true),
                QueryParams.bool("includePurchaseLimitData", includePurchaseLimitData, true), uri.getBaseUri());
        Boolean vendorOnly = vendor == null ? null : QueryParams.bool("vendor", vendor, false);
        return companies.list(name, vendorOnly, customFilters(uri), ascending,
                PageRequest.of(page, size, DEFAULT_PAGE_SIZE), options, uri);
    }

    @GET
    @Path("{companyUuid}")
    @Operation(summary = "Read one company by its uuid (or externalId:<id>)")
    public Uni<CompanyView> get(@RestPath String companyUuid, @RestQuery String includeCustomAttributes,
            @RestQuery String includePurchaseLimitData, @Context UriInfo uri) {
        return companies.get(companyUuid, new ViewOptions(
                QueryParams.bool("includeCustomAttributes", includeCustomAttributes, true),
                QueryParams.bool("includePurchaseLimitData", includePurchaseLimitData, true), uri.getBaseUri()));
    }

    @PUT
    @Path("{companyUuid}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Replace a company's writable fields (PUT: fields left out are cleared)")
    @RequestBody(description = "The company's writable fields (enabled included; not firstUser)", required = true,
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = CompanyInput.class)))
    public Uni<CompanyView> update(@RestPath String companyUuid, ObjectNode body, @Context UriInfo uri) {
        return companies.update(companyUuid, body, uri.getBaseUri());
    }

    @PATCH
    @Path("{companyUuid}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Change some of a company's fields (PATCH: fields left out keep their value)")
    @RequestBody(description = "The fields to change (not firstUser)", required = true,
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = CompanyInput.class)))
    public Uni<CompanyView> patch(@RestPath String companyUuid, ObjectNode body, @Context UriInfo uri) {
        return companies.patch(companyUuid, body, uri.getBaseUri());
    }

    /** {@code custom.<attribute>=notIn(a, b)} query parameters. */
    private static Map<String, List<String>> customFilters(UriInfo uri) {
        Map<String, List<String>> filters = new LinkedHashMap<>();
        uri.getQueryParameters().forEach((key, values) -> {
            if (key.startsWith(CUSTOM_PREFIX)) {
                String attribute = key.substring(CUSTOM_PREFIX.length());
                if (attribute.isBlank()) {
                    throw ApiException.invalidField(key, "must name a custom attribute: custom.<attributeName>");
                }
                for (String value : values) {
                    filters.computeIfAbsent(attribute, k -> new java.util.ArrayList<>()).addAll(QueryParams.notIn(key, value));
                }
            }
        });
        return filters;
    }
}
