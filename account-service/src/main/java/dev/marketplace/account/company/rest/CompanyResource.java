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

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestHeader;
import org.jboss.resteasy.reactive.RestQuery;

import com.fasterxml.jackson.databind.node.ObjectNode;

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
    public Uni<Response> create(ObjectNode body, @RestHeader(IdempotentRequest.HEADER) String idempotencyKey,
            @Context UriInfo uri) {
        return companies.create(body, idempotencyKey, uri.getBaseUri()).map(result -> result.response(company -> Response
                .created(uri.getBaseUriBuilder().path("api/account/v2/companies/{uuid}").build(company.uuid()))
                .entity(company).build()));
    }

    @GET
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
    public Uni<CompanyView> get(@RestPath String companyUuid, @RestQuery String includeCustomAttributes,
            @RestQuery String includePurchaseLimitData, @Context UriInfo uri) {
        return companies.get(companyUuid, new ViewOptions(
                QueryParams.bool("includeCustomAttributes", includeCustomAttributes, true),
                QueryParams.bool("includePurchaseLimitData", includePurchaseLimitData, true), uri.getBaseUri()));
    }

    @PUT
    @Path("{companyUuid}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<CompanyView> update(@RestPath String companyUuid, ObjectNode body, @Context UriInfo uri) {
        return companies.update(companyUuid, body, uri.getBaseUri());
    }

    @PATCH
    @Path("{companyUuid}")
    @Consumes(MediaType.APPLICATION_JSON)
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
