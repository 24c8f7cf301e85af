package dev.marketplace.reseller.company.rest;

import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.reseller.access.service.ResellerContexts;
import dev.marketplace.reseller.company.service.CompanyCreationService;
import dev.marketplace.reseller.company.service.CompanyInputs;
import dev.marketplace.reseller.company.service.CompanyViews;
import dev.marketplace.reseller.company.service.ResellerCompanyService;
import dev.marketplace.reseller.company.service.ResellerCompanyService.ChannelAdminFilter;
import dev.marketplace.reseller.company.service.ResellerCompanyService.Sort;
import dev.marketplace.reseller.company.service.ResellerCompanyService.VendorFilter;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/** Companies in a reseller context: create one linked to a reseller, list, read details. */
@Path("/api/appReseller/v1/companies")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class ResellerCompanyResource {
    static final int DEFAULT_PAGE_SIZE = 50;

    private final ResellerCompanyService companies;
    private final CompanyCreationService creations;

    public ResellerCompanyResource(ResellerCompanyService companies, CompanyCreationService creations) {
        this.companies = companies;
        this.creations = creations;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create a customer company for a reseller, with its first user, in account-service")
    public Uni<CompanyViews.Created> create(@Valid @NotNull CompanyInputs.Create body) {
        return creations.create(body);
    }

    /** A plain array (AppDirect's), sorted by CREATED_ON (default) or COMPANY_ID, DESC by default. */
    @GET
    @Operation(summary = "List the companies a reseller context can see, filtered by activity and text")
    public Uni<List<CompanyViews.Item>> list(@RestQuery String context, @RestQuery String active,
            @RestQuery String enabled, @RestQuery String searchText, @RestQuery String fromDate,
            @RestQuery String toDate, @RestQuery String sortField, @RestQuery String sortOrder, @RestQuery String page,
            @RestQuery String size, @RestQuery String vendor, @RestQuery String channelAdmin) {
        return companies.list(new ResellerCompanyService.Query(ResellerContexts.required(context),
                QueryParams.bool("active", active, null), QueryParams.bool("enabled", enabled, null),
                QueryParams.text(searchText), QueryParams.instant("fromDate", fromDate),
                QueryParams.instant("toDate", toDate), QueryParams.enumValue("vendor", vendor, VendorFilter.class, null),
                QueryParams.enumValue("channelAdmin", channelAdmin, ChannelAdminFilter.class, null),
                QueryParams.enumValue("sortField", sortField, Sort.class, Sort.CREATED_ON),
                QueryParams.ascending(sortOrder, false), PageRequest.of(page, size, DEFAULT_PAGE_SIZE)));
    }

    @GET
    @Path("{companyId}")
    @Operation(summary = "Read one company a reseller context can see, with its details")
    public Uni<CompanyViews.Details> details(@RestPath String companyId, @RestQuery String context) {
        return companies.details(ResellerContexts.required(context), companyId);
    }
}
