package dev.marketplace.account.user.rest;

import java.time.Instant;

import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import dev.marketplace.account.access.MembershipRoles;
import dev.marketplace.common.input.QueryParams;
import dev.marketplace.account.user.domain.UserSortField;
import dev.marketplace.account.user.service.UserChanges;
import dev.marketplace.account.user.service.UserInputs;
import dev.marketplace.account.user.service.UserQuery;
import dev.marketplace.account.user.service.UserService;
import dev.marketplace.account.user.service.UserView;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

@Path("/api/account/v2/users")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class UserResource {
    private final UserService users;
    private final UserChanges changes;

    public UserResource(UserService users, UserChanges changes) {
        this.users = users;
        this.changes = changes;
    }

    @GET
    @Operation(summary = "List the marketplace's users, filtered by name, email or externalId, paged")
    public Uni<PagedResponse<UserView>> list(@RestQuery String name, @RestQuery String email, @RestQuery String externalId,
            @RestQuery String username, @RestQuery String companyMembershipRole, @RestQuery String lastModified,
            @RestQuery String page, @RestQuery String size, @RestQuery String sortField, @RestQuery String sortOrder,
            @RestQuery String includeCustomAttributes, @Context UriInfo uri) {
        if (companyMembershipRole != null && !companyMembershipRole.isEmpty()) {
            String role = companyMembershipRole.startsWith("ROLE_") ? companyMembershipRole : "ROLE_" + companyMembershipRole;
            if (!MembershipRoles.ALL.contains(role)) {
                throw ApiException.invalidField("companyMembershipRole", "unknown role " + companyMembershipRole);
            }
            companyMembershipRole = role;
        } else {
            companyMembershipRole = null;
        }
        Instant since = null;
        if (lastModified != null && !lastModified.isEmpty()) {
            try {
                since = Instant.ofEpochMilli(Long.parseLong(lastModified.trim()));
            } catch (NumberFormatException e) {
                throw ApiException.invalidField("lastModified", "must be a timestamp in epoch milliseconds");
            }
        }
        UserSortField sort = QueryParams.enumValue("sortField", sortField, UserSortField.class, UserSortField.DATE);
        if (sort != UserSortField.DATE && sort != UserSortField.FIRST_NAME && sort != UserSortField.LAST_NAME) {
            throw ApiException.invalidField("sortField", "must be one of DATE, FIRST_NAME, LAST_NAME");
        }
        UserQuery query = new UserQuery(name, email, externalId, username, companyMembershipRole, since, sort,
                QueryParams.ascending(sortOrder, true));
        return users.list(query, PageRequest.of(page, size, 50),
                QueryParams.bool("includeCustomAttributes", includeCustomAttributes, false), uri);
    }

    @GET
    @Path("{userUuid}")
    @Operation(summary = "Read one user by uuid")
    public Uni<UserView> get(@RestPath String userUuid, @RestQuery String includeCustomAttributes, @Context UriInfo uri) {
        return users.get(userUuid, QueryParams.bool("includeCustomAttributes", includeCustomAttributes, false), uri.getBaseUri());
    }

    /** Changes the given fields of the user (absent or null ones stay); PUT and PATCH behave alike. */
    @PUT
    @Path("{userUuid}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Update a user's name, email, locale, externalId or directory management (absent or null fields keep their value)",
            description = "A change of name, email or locale notifies the vendors of the user's assigned products "
                    + "(USER_UPDATED); an email change sends PRIMARY_EMAIL_CHANGED_NOTICE to the old and new address.")
    public Uni<UserView> put(@RestPath String userUuid, @Valid UserInputs.Update body, @Context UriInfo uri) {
        return changes.update(userUuid, body, uri.getBaseUri());
    }

    @PATCH
    @Path("{userUuid}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Update some of a user's fields, as PUT does (absent or null fields keep their value)")
    public Uni<UserView> patch(@RestPath String userUuid, @Valid UserInputs.Update body, @Context UriInfo uri) {
        return changes.update(userUuid, body, uri.getBaseUri());
    }
}
