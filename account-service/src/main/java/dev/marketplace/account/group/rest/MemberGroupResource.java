package dev.marketplace.account.group.rest;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import dev.marketplace.account.group.service.GroupService;
import dev.marketplace.account.group.service.GroupView;
import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/** The groups a member of a company belongs to (a path of the memberships API). */
@Path("/api/account/v2/companies/{companyUuid}")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class MemberGroupResource {
    private final GroupService groups;

    public MemberGroupResource(GroupService groups) {
        this.groups = groups;
    }

    @GET
    @Path("memberships/{userUuid}/groups")
    @Operation(summary = "List the user groups a member of the company belongs to, paged")
    public Uni<PagedResponse<GroupView>> groups(@RestPath String companyUuid, @RestPath String userUuid,
            @RestQuery String ldap, @RestQuery String page, @RestQuery String searchText, @RestQuery String size,
            @RestQuery String sortField, @RestQuery String sortOrder, @Context UriInfo uri) {
        boolean onlyLdap = QueryParams.bool("ldap", ldap, false);
        return groups.groupsOfMember(companyUuid, userUuid, onlyLdap, searchText, GroupService.byName(sortField),
                QueryParams.ascending(sortOrder, false), PageRequest.of(page, size, GroupResource.DEFAULT_PAGE_SIZE), uri);
    }
}
