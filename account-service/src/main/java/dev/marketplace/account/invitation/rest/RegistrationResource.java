package dev.marketplace.account.invitation.rest;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import dev.marketplace.account.invitation.service.InvitationService;
import dev.marketplace.account.invitation.service.InvitationView;
import dev.marketplace.common.input.QueryParams;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/** Accepting an invitation through its secret token. */
@Path("/api/account/v2/invitations/{invitationToken}/registration")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class RegistrationResource {
    private final InvitationService invitations;

    public RegistrationResource(InvitationService invitations) {
        this.invitations = invitations;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Accept an invitation by its token, creating or activating the user and its membership")
    public Uni<InvitationView> accept(@RestPath String invitationToken,
            @RestQuery("api.usesExternalIds") String usesExternalIds, InvitationService.Accept body) {
        return invitations.accept(invitationToken, QueryParams.bool("api.usesExternalIds", usesExternalIds, false), body);
    }
}
