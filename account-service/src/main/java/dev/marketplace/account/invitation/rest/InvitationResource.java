package dev.marketplace.account.invitation.rest;

import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import dev.marketplace.account.invitation.service.InvitationService;
import dev.marketplace.account.invitation.service.InvitationView;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/**
 * Invitations of a company: list, revoke. Inviting (JSON or CSV) is onboarding's, under the same path; accepting is
 * {@link RegistrationResource}.
 */
@Path("/api/account/v2/companies/{companyUuid}/invitations")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class InvitationResource {
    private final InvitationService invitations;

    public InvitationResource(InvitationService invitations) {
        this.invitations = invitations;
    }

    @GET
    @Operation(summary = "List a company's pending invitations, paged")
    public Uni<PagedResponse<InvitationView>> list(@RestPath String companyUuid, @RestQuery String filter,
            @RestQuery String inviterUuid, @RestQuery String page, @RestQuery String size, @Context UriInfo uri) {
        return invitations.list(companyUuid, filter, inviterUuid, PageRequest.of(page, size, 50), uri);
    }

    @DELETE
    @Path("{email}")
    @Operation(summary = "Revoke a pending invitation of a company by its email")
    @APIResponse(responseCode = "200", description = "Revoked; no body", extensions = @Extension(name = "x-no-content",
            value = "true"))
    public Uni<Response> revoke(@RestPath String companyUuid, @RestPath String email, @RestQuery String inviterUuid) {
        return invitations.revoke(companyUuid, email, inviterUuid).map(v -> Response.ok().build());
    }
}
