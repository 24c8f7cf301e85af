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
    public Uni<MembershipView> addUser(@RestPath String companyUuid, OnboardingInputs.AddUser body, @Context UriInfo uri) {
        return activeUsers.add(companyUuid, body, uri.getBaseUri());
    }

    @POST
    @Path("memberships/{userUuid}/invite")
    public Uni<Response> inviteManaged(@RestPath String companyUuid, @RestPath String userUuid,
            @RestQuery String inviterUuid) {
        return memberships.inviteManaged(companyUuid, userUuid, inviterUuid).map(v -> Response.noContent().build());
    }

    @GET
    @Path("memberships/{userUuid}/checklist")
    public Uni<Checklist> checklist(@RestPath String companyUuid, @RestPath String userUuid) {
        return checklists.checklist(companyUuid, userUuid);
    }
}
