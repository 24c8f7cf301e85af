package dev.marketplace.reseller.user.rest;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

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

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.reseller.access.service.ResellerContexts;
import dev.marketplace.reseller.user.service.ResellerUserService;
import dev.marketplace.reseller.user.service.ResellerUserService.Activity;
import dev.marketplace.reseller.user.service.ResellerUserService.Sort;
import dev.marketplace.reseller.user.service.UserInputs;
import dev.marketplace.reseller.user.service.UserViews;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/** Users in a reseller context: create one in a company, list, read details. */
@Path("/api/appReseller/v1/users")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class ResellerUserResource {
    static final int DEFAULT_PAGE_SIZE = 50;

    private final ResellerUserService users;

    public ResellerUserResource(ResellerUserService users) {
        this.users = users;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create a user in a customer company a reseller can see")
    public Uni<UserViews.Item> create(@RestQuery String context, @Valid @NotNull UserInputs.Create body) {
        return users.create(ResellerContexts.required(context), body);
    }

    /**
     * One entry per user and company. {@code active}: ONLY_ACTIVE, ONLY_INACTIVE, ONLY_PENDING_INVITE, comma-separated
     * or repeated (any of them). Sorted by EMAIL (default), FIRST_NAME or CUSTOMER_ID (the company), ASC by default.
     */
    @GET
    @Operation(summary = "List the users a reseller context can see, filtered by company, paged")
    public Uni<UserViews.Page> list(@RestQuery String context, @RestQuery String partner, @RestQuery String companyId,
            @RestQuery List<String> active, @RestQuery String searchText, @RestQuery String fromDate,
            @RestQuery String toDate, @RestQuery String sortField, @RestQuery String sortOrder, @RestQuery String page,
            @RestQuery String size) {
        return users.list(new ResellerUserService.Query(ResellerContexts.required(context), QueryParams.text(partner),
                QueryParams.text(companyId), activity(active), QueryParams.text(searchText),
                QueryParams.instant("fromDate", fromDate), QueryParams.instant("toDate", toDate),
                QueryParams.enumValue("sortField", sortField, Sort.class, Sort.EMAIL), QueryParams.ascending(sortOrder, true),
                PageRequest.of(page, size, DEFAULT_PAGE_SIZE)));
    }

    @GET
    @Path("{userId}")
    @Operation(summary = "Read one user a reseller context can see, with their memberships")
    public Uni<UserViews.Details> details(@RestPath String userId, @RestQuery String context,
            @RestQuery String companyId) {
        if (QueryParams.text(companyId) == null) {
            throw ApiException.invalidField("companyId", "is required");
        }
        return users.details(ResellerContexts.required(context), userId, companyId.trim());
    }

    private static Set<Activity> activity(List<String> values) {
        Set<Activity> activity = EnumSet.noneOf(Activity.class);
        for (String value : values) {
            for (String part : value.split(",")) {
                if (!part.isBlank()) {
                    activity.add(QueryParams.enumValue("active", part, Activity.class, null));
                }
            }
        }
        return activity;
    }
}
