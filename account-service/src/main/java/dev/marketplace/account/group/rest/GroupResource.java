package dev.marketplace.account.group.rest;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
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
import org.jboss.resteasy.reactive.RestQuery;

import dev.marketplace.account.group.service.GroupInputs;
import dev.marketplace.account.group.service.GroupService;
import dev.marketplace.account.group.service.GroupView;
import dev.marketplace.account.membership.service.MembershipView;
import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

@Path("/api/account/v2/companies/{companyUuid}/groups")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class GroupResource {
    static final int DEFAULT_PAGE_SIZE = 50;

    private final GroupService groups;

    public GroupResource(GroupService groups) {
        this.groups = groups;
    }

    @GET
    @Operation(summary = "List a company's user groups, paged")
    public Uni<PagedResponse<GroupView>> list(@RestPath String companyUuid, @RestQuery String page,
            @RestQuery String searchText, @RestQuery String size, @RestQuery String sortField, @RestQuery String sortOrder,
            @Context UriInfo uri) {
        return groups.list(companyUuid, searchText, GroupService.byName(sortField), QueryParams.ascending(sortOrder, false),
                PageRequest.of(page, size, DEFAULT_PAGE_SIZE), uri);
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create a user group in a company")
    @APIResponse(responseCode = "201", description = "Created; Location names it", headers = @Header(name = "Location",
            description = "URL of what was created", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = GroupView.class)))
    public Uni<Response> create(@RestPath String companyUuid, GroupInputs.Group body, @Context UriInfo uri) {
        return groups.create(companyUuid, body, uri.getBaseUri()).map(view -> Response.created(uri.getBaseUriBuilder()
                .path("api/account/v2/companies/{c}/groups/{g}").build(view.companyUuid(), view.uuid())).entity(view).build());
    }

    @GET
    @Path("{groupUuid}")
    @Operation(summary = "Read one of a company's user groups")
    public Uni<GroupView> get(@RestPath String companyUuid, @RestPath String groupUuid, @Context UriInfo uri) {
        return groups.get(companyUuid, groupUuid, uri.getBaseUri());
    }

    @PUT
    @Path("{groupUuid}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Rename or describe a company's user group")
    public Uni<GroupView> update(@RestPath String companyUuid, @RestPath String groupUuid, GroupInputs.Group body,
            @Context UriInfo uri) {
        return groups.update(companyUuid, groupUuid, body, uri.getBaseUri());
    }

    @DELETE
    @Path("{groupUuid}")
    @Operation(summary = "Delete a company's user group (its members keep their memberships)")
    @APIResponse(responseCode = "204", description = "Done; no body")
    public Uni<Response> delete(@RestPath String companyUuid, @RestPath String groupUuid) {
        return groups.delete(companyUuid, groupUuid).map(v -> Response.noContent().build());
    }

    @GET
    @Path("{groupUuid}/memberships")
    @Operation(summary = "List the members of a user group, paged")
    public Uni<PagedResponse<MembershipView>> members(@RestPath String companyUuid, @RestPath String groupUuid,
            @RestQuery String searchText, @RestQuery String member, @RestQuery String page, @RestQuery String size,
            @Context UriInfo uri) {
        return groups.members(companyUuid, groupUuid, QueryParams.bool("member", member, true), searchText,
                PageRequest.of(page, size, DEFAULT_PAGE_SIZE), new MembershipView.Options(true, false, uri.getBaseUri()), uri);
    }

    @POST
    @Path("{groupUuid}/memberships")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Add and remove several members of a user group in one call")
    public Uni<GroupInputs.BatchResult> batch(@RestPath String companyUuid, @RestPath String groupUuid,
            @RestQuery String validateOnly, GroupInputs.Batch body) {
        return groups.batch(companyUuid, groupUuid, QueryParams.bool("validateOnly", validateOnly, false), body);
    }

    @PUT
    @Path("{groupUuid}/memberships/{userUuid}")
    @Operation(summary = "Add a member of the company to a user group")
    @APIResponse(responseCode = "204", description = "Done; no body")
    public Uni<Response> addMember(@RestPath String companyUuid, @RestPath String groupUuid, @RestPath String userUuid) {
        return groups.addMember(companyUuid, groupUuid, userUuid).map(v -> Response.noContent().build());
    }

    @GET
    @Path("{groupUuid}/memberships/{userUuid}")
    @Operation(summary = "Read one member of a user group")
    public Uni<MembershipView> member(@RestPath String companyUuid, @RestPath String groupUuid, @RestPath String userUuid,
            @Context UriInfo uri) {
        return groups.member(companyUuid, groupUuid, userUuid, new MembershipView.Options(true, false, uri.getBaseUri()));
    }

    @DELETE
    @Path("{groupUuid}/memberships/{userUuid}")
    @Operation(summary = "Remove a member from a user group")
    @APIResponse(responseCode = "204", description = "Done; no body")
    public Uni<Response> removeMember(@RestPath String companyUuid, @RestPath String groupUuid, @RestPath String userUuid) {
        return groups.removeMember(companyUuid, groupUuid, userUuid).map(v -> Response.noContent().build());
    }
}
