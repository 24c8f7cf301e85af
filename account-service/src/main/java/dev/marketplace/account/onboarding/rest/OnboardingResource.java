package dev.marketplace.account.onboarding.rest;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
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

import dev.marketplace.account.membership.service.MembershipView;
import dev.marketplace.account.onboarding.service.ActiveUserOnboarding;
import dev.marketplace.account.onboarding.service.Checklists;
import dev.marketplace.account.onboarding.service.Checklists.Checklist;
import dev.marketplace.account.onboarding.service.MembershipOnboarding;
import dev.marketplace.account.onboarding.service.OnboardingInputs;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/**
 * Users joining a company (paths of the AppDirect memberships API): create a membership, add an active user, invite a
 * managed one, and the member's getting-started checklist.
 */
@Path("/api/account/v2/companies/{companyUuid}")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class OnboardingResource {
    private final MembershipOnboarding memberships;
    private final ActiveUserOnboarding activeUsers;
    private final Checklists checklists;

    public OnboardingResource(MembershipOnboarding memberships, ActiveUserOnboarding activeUsers, Checklists checklists) {
        this.memberships = memberships;
        this.activeUsers = activeUsers;
        this.checklists = checklists;
    }

    @POST
    @Path("memberships")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create a user and make them a member of the company, invited by email")
    @APIResponse(responseCode = "201", description = "Created; Location names it", headers = @Header(name = "Location",
            description = "URL of what was created", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = MembershipView.class)))
    public Uni<Response> create(@RestPath String companyUuid, @RestQuery String inviterUuid, OnboardingInputs.Create body,
            @Context UriInfo uri) {
        return memberships.create(companyUuid, inviterUuid, body, uri.getBaseUri())
                .map(view -> Response.created(uri.getBaseUriBuilder()
                        .path("api/account/v2/companies/{company}/memberships/{user}")
                        .build(view.company().uuid(), view.user().uuid())).entity(view).build());
    }

    @POST
    @Path("memberships/active")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create an active user in the company with a temporary password emailed to them")
    public Uni<MembershipView> addUser(@RestPath String companyUuid, OnboardingInputs.AddUser body, @Context UriInfo uri) {
        return activeUsers.add(companyUuid, body, uri.getBaseUri());
    }

    @POST
    @Path("memberships/{userUuid}/invite")
    @Operation(summary = "Send a managed member an invitation to activate their account")
    @APIResponse(responseCode = "204", description = "Done; no body")
    public Uni<Response> inviteManaged(@RestPath String companyUuid, @RestPath String userUuid,
            @RestQuery String inviterUuid) {
        return memberships.inviteManaged(companyUuid, userUuid, inviterUuid).map(v -> Response.noContent().build());
    }

    @GET
    @Path("memberships/{userUuid}/checklist")
    @Operation(summary = "Read a member's onboarding checklist (what is left to activate them)")
    public Uni<Checklist> checklist(@RestPath String companyUuid, @RestPath String userUuid) {
        return checklists.checklist(companyUuid, userUuid);
    }
}
