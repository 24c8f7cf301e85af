package dev.marketplace.account.onboarding.rest;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;

import org.jboss.resteasy.reactive.RestForm;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;
import org.jboss.resteasy.reactive.multipart.FileUpload;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.account.onboarding.service.BulkInvitations;
import dev.marketplace.account.onboarding.service.OnboardingInputs;
import dev.marketplace.account.onboarding.service.OnboardingInputs.InviteResult;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.input.QueryParams;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;

/** Inviting users to a company by email, as JSON or CSV (listing and revoking invitations is the invitation feature's). */
@Path("/api/account/v2/companies/{companyUuid}/invitations")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class InviteResource {
    private final BulkInvitations invitations;
    private final Vertx vertx;

    public InviteResource(BulkInvitations invitations, Vertx vertx) {
        this.invitations = invitations;
        this.vertx = vertx;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Invite users to a company by email, each with a role; sends each an invitation email")
    @RequestBody(description = "A JSON array of {email, role}", required = true,
            content = @Content(mediaType = "application/json", schema = @Schema(type = SchemaType.ARRAY,
            implementation = OnboardingInputs.Item.class)))
    public Uni<InviteResult> invite(@RestPath String companyUuid, @RestQuery("api.usesExternalIds") String usesExternalIds,
            @RestQuery String inviterUuid, JsonNode body) {
        return invitations.inviteJson(companyUuid, QueryParams.bool("api.usesExternalIds", usesExternalIds, false), inviterUuid, body);
    }

    @POST
    @Path("csv")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    @Operation(summary = "Invite users to a company from an uploaded CSV file of rows email,role (multipart part "
            + "invitations)")
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
    @Operation(summary = "Invite users to a company from a CSV body of rows email,role")
    public Uni<InviteResult> inviteCsvText(@RestPath String companyUuid, @RestQuery String inviterUuid, String csv) {
        return invitations.inviteCsv(companyUuid, inviterUuid, csv);
    }
}
