package dev.marketplace.account.membership.rest;

import java.util.List;

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

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import dev.marketplace.account.group.service.GroupService;
import dev.marketplace.account.group.service.GroupView;
import dev.marketplace.account.membership.domain.MembershipRoles;
import dev.marketplace.account.membership.repository.MembershipRepository;
import dev.marketplace.account.membership.repository.MembershipRepository.SortField;
import dev.marketplace.account.membership.service.MembershipInputs;
import dev.marketplace.account.membership.service.MembershipService;
import dev.marketplace.account.membership.service.MembershipService.AssignmentView;
import dev.marketplace.account.membership.service.MembershipService.Checklist;
import dev.marketplace.account.membership.service.MembershipService.Listing;
import dev.marketplace.account.membership.service.MembershipService.RoleName;
import dev.marketplace.account.membership.service.MembershipView;
import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/** Company memberships and roles (paths of the AppDirect memberships API). */
@Path("/api/account/v2/companies/{companyUuid}")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class MembershipResource {
    static final int DEFAULT_PAGE_SIZE = 50;

    private final MembershipService memberships;
    private final GroupService groups;

    public MembershipResource(MembershipService memberships, GroupService groups) {
        this.memberships = memberships;
        this.groups = groups;
    }

    @GET
    @Path("memberships")
    public Uni<PagedResponse<MembershipView>> list(@RestPath String companyUuid, @RestQuery String active,
            @RestQuery String enabled, @RestQuery String roleName, @RestQuery String groupUuid, @RestQuery String page,
            @RestQuery String searchText, @RestQuery String size, @RestQuery String sortField, @RestQuery String sortOrder,
            @RestQuery String includeCompanies, @RestQuery String includeUserCustomAttributes, @Context UriInfo uri) {
        if (roleName != null && !roleName.isEmpty() && !MembershipRoles.ALL.contains(roleName)) {
            throw ApiException.invalidField("roleName", "unknown role " + roleName);
        }
        MembershipRepository.Filter filter = new MembershipRepository.Filter(null, QueryParams.bool("active", active, null),
                QueryParams.bool("enabled", enabled, null), roleName == null || roleName.isEmpty() ? null : roleName,
                QueryParams.uuid("groupUuid", groupUuid), true, searchText,
                QueryParams.enumValue("sortField", sortField, SortField.class, SortField.DATE), QueryParams.ascending(sortOrder, true));
        return memberships.list(companyUuid, filter, PageRequest.of(page, size, DEFAULT_PAGE_SIZE),
                options(includeCompanies, includeUserCustomAttributes, uri), uri);
    }

    @POST
    @Path("memberships")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> create(@RestPath String companyUuid, @RestQuery String inviterUuid, MembershipInputs.Create body,
            @Context UriInfo uri) {
        return memberships.create(companyUuid, inviterUuid, body, uri.getBaseUri())
                .map(view -> Response.created(uri.getBaseUriBuilder()
                        .path("api/account/v2/companies/{company}/memberships/{user}")
                        .build(view.company().uuid(), view.user().uuid())).entity(view).build());
    }

    @POST
    @Path("memberships/active")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<MembershipView> addUser(@RestPath String companyUuid, MembershipInputs.AddUser body, @Context UriInfo uri) {
        return memberships.addActiveUser(companyUuid, body, uri.getBaseUri());
    }

    @PATCH
    @Path("memberships/roles")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> changeRoles(@RestPath String companyUuid, List<MembershipInputs.RoleChange> body,
            @Context UriInfo uri) {
        return memberships.changeRoles(companyUuid, body, uri.getBaseUri()).map(v -> Response.ok().build());
    }

    @GET
    @Path("memberships/{userUuid}")
    public Uni<MembershipView> get(@RestPath String companyUuid, @RestPath String userUuid,
            @RestQuery String includeCompanies, @RestQuery String includeUserCustomAttributes, @Context UriInfo uri) {
        return memberships.get(companyUuid, userUuid, options(includeCompanies, includeUserCustomAttributes, uri));
    }

    @PUT
    @Path("memberships/{userUuid}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<MembershipView> update(@RestPath String companyUuid, @RestPath String userUuid, MembershipInputs.Update body,
            @Context UriInfo uri) {
        return memberships.update(companyUuid, userUuid, body, uri.getBaseUri());
    }

    @PATCH
    @Path("memberships/{userUuid}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<MembershipView> setEnabled(@RestPath String companyUuid, @RestPath String userUuid,
            MembershipInputs.Enabled body, @Context UriInfo uri) {
        return memberships.setEnabled(companyUuid, userUuid, body, uri.getBaseUri());
    }

    @DELETE
    @Path("memberships/{userUuid}")
    public Uni<Response> delete(@RestPath String companyUuid, @RestPath String userUuid) {
        return memberships.delete(companyUuid, userUuid).map(v -> Response.noContent().build());
    }

    @GET
    @Path("memberships/{userUuid}/checklist")
    public Uni<Checklist> checklist(@RestPath String companyUuid, @RestPath String userUuid) {
        return memberships.checklist(companyUuid, userUuid);
    }

    @POST
    @Path("memberships/{userUuid}/invite")
    public Uni<Response> inviteManaged(@RestPath String companyUuid, @RestPath String userUuid,
            @RestQuery String inviterUuid) {
        return memberships.inviteManaged(companyUuid, userUuid, inviterUuid).map(v -> Response.noContent().build());
    }

    @POST
    @Path("memberships/{userUuid}/applications/{applicationId}/purchaseRequests")
    public Uni<Response> purchaseRequest(@RestPath String companyUuid, @RestPath String userUuid,
            @RestPath String applicationId, MembershipInputs.PurchaseRequest body) {
        return memberships.purchaseRequest(companyUuid, userUuid, applicationId, body).map(v -> Response.noContent().build());
    }

    @GET
    @Path("memberships/{userUuid}/assignments")
    public Uni<Listing<AssignmentView>> assignments(@RestPath String companyUuid, @RestPath String userUuid,
            @Context UriInfo uri) {
        return memberships.assignments(companyUuid, userUuid, uri.getBaseUri());
    }

    @GET
    @Path("memberships/{userUuid}/assignableRoles")
    public Uni<List<RoleName>> assignableRoles(@RestPath String companyUuid, @RestPath String userUuid) {
        return memberships.assignableRoles(companyUuid, userUuid);
    }

    @GET
    @Path("assignableRoles")
    public Uni<List<RoleName>> companyAssignableRoles(@RestPath String companyUuid) {
        return memberships.companyAssignableRoles(companyUuid);
    }

    @GET
    @Path("memberships/{userUuid}/groups")
    public Uni<PagedResponse<GroupView>> groups(@RestPath String companyUuid, @RestPath String userUuid,
            @RestQuery String ldap, @RestQuery String page, @RestQuery String searchText, @RestQuery String size,
            @RestQuery String sortField, @RestQuery String sortOrder, @Context UriInfo uri) {
        boolean onlyLdap = QueryParams.bool("ldap", ldap, false);
        return groups.groupsOfMember(companyUuid, userUuid, onlyLdap, searchText, GroupService.byName(sortField),
                QueryParams.ascending(sortOrder, false), PageRequest.of(page, size, DEFAULT_PAGE_SIZE), uri);
    }

    private static MembershipView.Options options(String includeCompanies, String includeUserCustomAttributes, UriInfo uri) {
        return new MembershipView.Options(QueryParams.bool("includeCompanies", includeCompanies, true),
                QueryParams.bool("includeUserCustomAttributes", includeUserCustomAttributes, true), uri.getBaseUri());
    }
}
