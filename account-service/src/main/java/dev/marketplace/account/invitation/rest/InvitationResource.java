package dev.marketplace.account.invitation.rest;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.jboss.resteasy.reactive.RestForm;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;
import org.jboss.resteasy.reactive.multipart.FileUpload;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.account.invitation.service.InvitationService;
import dev.marketplace.account.invitation.service.InvitationService.InviteResult;
import dev.marketplace.account.invitation.service.InvitationView;
import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;

/** Invitations of a company: invite (JSON or CSV), list, revoke. Accepting is {@link RegistrationResource}. */
@Path("/api/account/v2/companies/{companyUuid}/invitations")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class InvitationResource {
    private final InvitationService invitations;
    private final Vertx vertx;

    public InvitationResource(InvitationService invitations, Vertx vertx) {
        this.invitations = invitations;
        this.vertx = vertx;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<InviteResult> invite(@RestPath String companyUuid, @RestQuery("api.usesExternalIds") String usesExternalIds,
            @RestQuery String inviterUuid, JsonNode body) {
        return invitations.inviteJson(companyUuid, QueryParams.bool("api.usesExternalIds", usesExternalIds, false), inviterUuid, body);
    }

    @POST
    @Path("csv")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    public Uni<InviteResult> inviteCsvFile(@RestPath String companyUuid, @RestQuery String inviterUuid,
            @RestForm("invitations") FileUpload file) {
        if (file == null) {
            throw ApiException.invalidField("invitations", "multipart part is required (a CSV file)");
        }
        return vertx.fileSystem().readFile(file.uploadedFile().toString())
                .chain(buffer -> invitations.inviteCsv(companyUuid, inviterUuid, buffer.toString()));
    }

    @POST
    @Path("csv")
    @Consumes({ "text/csv", MediaType.TEXT_PLAIN })
    public Uni<InviteResult> inviteCsvText(@RestPath String companyUuid, @RestQuery String inviterUuid, String csv) {
        return invitations.inviteCsv(companyUuid, inviterUuid, csv);
    }

    @GET
    public Uni<PagedResponse<InvitationView>> list(@RestPath String companyUuid, @RestQuery String filter,
            @RestQuery String inviterUuid, @RestQuery String page, @RestQuery String size, @Context UriInfo uri) {
        return invitations.list(companyUuid, filter, inviterUuid, PageRequest.of(page, size, 50), uri);
    }

    @DELETE
    @Path("{email}")
    public Uni<Response> revoke(@RestPath String companyUuid, @RestPath String email, @RestQuery String inviterUuid) {
        return invitations.revoke(companyUuid, email, inviterUuid).map(v -> Response.ok().build());
    }
}
