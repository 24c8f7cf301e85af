package dev.marketplace.account.activity.rest;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import dev.marketplace.account.activity.service.ActivityService;
import dev.marketplace.account.activity.service.ActivityService.ActivityView;
import dev.marketplace.account.activity.service.ActivityService.DisplayType;
import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

@Path("/api/account/v2/companies/{companyUuid}/activities")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class ActivityResource {
    private final ActivityService activities;

    public ActivityResource(ActivityService activities) {
        this.activities = activities;
    }

    @GET
    @Operation(summary = "List a company's activities (who did what in it), newest first, paged")
    public Uni<PagedResponse<ActivityView>> list(@RestPath String companyUuid, @RestQuery String displayType,
            @RestQuery String page, @RestQuery String size, @Context UriInfo uri) {
        DisplayType type = QueryParams.enumValue("displayType", displayType, DisplayType.class, DisplayType.ONLY_ME);
        return activities.list(companyUuid, type, PageRequest.of(page, size, 12), uri);
    }
}
