package dev.marketplace.account.membership.rest;

import java.util.List;
import java.util.UUID;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
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
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import dev.marketplace.account.access.MembershipRoles;
import dev.marketplace.account.assignment.service.AssignmentView;
import dev.marketplace.account.membership.domain.MembershipSortField;
import dev.marketplace.account.membership.service.MembershipInputs;
import dev.marketplace.account.membership.service.MembershipQueries;
import dev.marketplace.account.membership.service.MembershipQueries.Listing;
import dev.marketplace.account.membership.service.MembershipQueries.RoleName;
import dev.marketplace.account.membership.service.MembershipRemoval;
import dev.marketplace.account.membership.service.MembershipService;
import dev.marketplace.account.membership.service.MembershipView;
import dev.marketplace.account.membership.service.PurchaseRequests;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/**
 * Company memberships and roles (paths of the AppDirect memberships API). Adding members, the checklist and a member's
 * groups are answered by the onboarding and group features under the same paths.
 */
@Path("/api/account/v2/companies/{companyUuid}")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class MembershipResource {
    static final int DEFAULT_PAGE_SIZE = 50;

    private final MembershipQueries queries;
    private final MembershipService memberships;
    private final PurchaseRequests purchases;
    private final MembershipRemoval removal;

    public MembershipResource(MembershipQueries queries, MembershipService memberships, PurchaseRequests purchases,
            MembershipRemoval removal) {
        this.queries = queries;
        this.memberships = memberships;
        this.purchases = purchases;
        this.removal = removal;
    }

    @GET
    @Path("memberships")
    @Operation(summary = "List a company's memberships (its users and their roles), paged")
    public Uni<PagedResponse<MembershipView>> list(@RestPath String companyUuid, @RestQuery String active,
            @RestQuery String enabled, @RestQuery String roleName, @RestQuery String groupUuid, @RestQuery String page,
            @RestQuery String searchText, @RestQuery String size, @RestQuery String sortField, @RestQuery String sortOrder,
            @RestQuery String includeCompanies, @RestQuery String includeUserCustomAttributes, @Context UriInfo uri) {
        if (roleName != null && !roleName.isEmpty() && !MembershipRoles.ALL.contains(roleName)) {
            throw ApiException.invalidField("roleName", "unknown role " + roleName);
        }
        Boolean onlyActive = QueryParams.bool("active", active, null);
        Boolean onlyEnabled = QueryParams.bool("enabled", enabled, null);
        UUID group = QueryParams.uuid("groupUuid", groupUuid);
        MembershipSortField sort = QueryParams.enumValue("sortField", sortField, MembershipSortField.class, MembershipSortField.DATE);
        boolean ascending = QueryParams.ascending(sortOrder, true);
        return queries.list(companyUuid, onlyActive, onlyEnabled, roleName == null || roleName.isEmpty() ? null : roleName,
                group, searchText, sort, ascending, PageRequest.of(page, size, DEFAULT_PAGE_SIZE),
                options(includeCompanies, includeUserCustomAttributes, uri), uri);
    }

    @PATCH
    @Path("memberships/roles")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Add and remove roles of several members of a company in one call")
    @APIResponse(responseCode = "200", description = "Changed; no body", extensions = @Extension(name = "x-no-content",
            value = "true"))
    @RequestBody(description = "One change per member: userUuid, rolesToAdd, rolesToRemove", required = true,
            content = @Content(mediaType = "application/json", schema = @Schema(type = SchemaType.ARRAY,
            implementation = MembershipInputs.RoleChange.class)))
    public Uni<Response> changeRoles(@RestPath String companyUuid, List<MembershipInputs.RoleChange> body,
            @Context UriInfo uri) {
        return memberships.changeRoles(companyUuid, body, uri.getBaseUri()).map(v -> Response.ok().build());
    }

    @GET
    @Path("memberships/{userUuid}")
    @Operation(summary = "Read one membership of a company: the user and their roles")
    public Uni<MembershipView> get(@RestPath String companyUuid, @RestPath String userUuid,
            @RestQuery String includeCompanies, @RestQuery String includeUserCustomAttributes, @Context UriInfo uri) {
        return queries.get(companyUuid, userUuid, options(includeCompanies, includeUserCustomAttributes, uri));
    }

    @PUT
    @Path("memberships/{userUuid}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Change a membership's roles and whether it is enabled")
    public Uni<MembershipView> update(@RestPath String companyUuid, @RestPath String userUuid, MembershipInputs.Update body,
            @Context UriInfo uri) {
        return memberships.update(companyUuid, userUuid, body, uri.getBaseUri());
    }

    @PATCH
    @Path("memberships/{userUuid}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Enable or disable a membership (the user's access to the company)")
    public Uni<MembershipView> setEnabled(@RestPath String companyUuid, @RestPath String userUuid,
            MembershipInputs.Enabled body, @Context UriInfo uri) {
        return memberships.setEnabled(companyUuid, userUuid, body, uri.getBaseUri());
    }

    @DELETE
    @Path("memberships/{userUuid}")
    @Operation(summary = "Remove a user from a company (their membership and its assignments)")
    @APIResponse(responseCode = "204", description = "Done; no body")
    public Uni<Response> delete(@RestPath String companyUuid, @RestPath String userUuid) {
        return removal.remove(companyUuid, userUuid).map(v -> Response.noContent().build());
    }

    @POST
    @Path("memberships/{userUuid}/applications/{applicationId}/purchaseRequests")
    @Operation(summary = "Ask the company's administrators to buy an application for this member")
    @APIResponse(responseCode = "204", description = "Done; no body")
    public Uni<Response> purchaseRequest(@RestPath String companyUuid, @RestPath String userUuid,
            @RestPath String applicationId, MembershipInputs.PurchaseRequest body) {
        return purchases.request(companyUuid, userUuid, applicationId, body).map(v -> Response.noContent().build());
    }

    @GET
    @Path("memberships/{userUuid}/assignments")
    @Operation(summary = "List the applications assigned to a member of the company")
    public Uni<Listing<AssignmentView>> assignments(@RestPath String companyUuid, @RestPath String userUuid,
            @Context UriInfo uri) {
        return queries.assignments(companyUuid, userUuid, uri.getBaseUri());
    }

    @GET
    @Path("memberships/{userUuid}/assignableRoles")
    @Operation(summary = "List the roles the caller may give this member")
    public Uni<List<RoleName>> assignableRoles(@RestPath String companyUuid, @RestPath String userUuid) {
        return queries.assignableRoles(companyUuid, userUuid);
    }

    @GET
    @Path("assignableRoles")
    @Operation(summary = "List the roles that can be given in this company")
    public Uni<List<RoleName>> companyAssignableRoles(@RestPath String companyUuid) {
        return queries.companyAssignableRoles(companyUuid);
    }

    private static MembershipView.Options options(String includeCompanies, String includeUserCustomAttributes, UriInfo uri) {
        return new MembershipView.Options(QueryParams.bool("includeCompanies", includeCompanies, true),
                QueryParams.bool("includeUserCustomAttributes", includeUserCustomAttributes, true), uri.getBaseUri());
    }
}
