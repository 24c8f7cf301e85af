package dev.marketplace.billing.subscription.rest;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import dev.marketplace.billing.subscription.service.UsageInput;
import dev.marketplace.billing.subscription.service.UsageReports;
import dev.marketplace.common.idempotency.IdempotentRequest;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/**
 * Metered usage reported by vendors, signed with their vendor credentials (AppDirect's vendor-side path). A report sent
 * again with the same id and content is answered as the first time and records nothing more.
 */
@Path("/api/integration/v1/billing/usage")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class UsageResource {
    private final UsageReports reports;

    public UsageResource(UsageReports reports) {
        this.reports = reports;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Report metered usage of a subscription (vendor; repeat safely with the same id)")
    @APIResponse(responseCode = "200", description = "The recorded report (a replay answers the same)",
            content = @Content(mediaType = "application/json", schema = @Schema(type = SchemaType.OBJECT)))
    public Uni<Response> report(@Valid @NotNull UsageInput body) {
        return reports.report(body.checked()).map(answer -> {
            Response.ResponseBuilder ok = Response.ok(answer.json(), MediaType.APPLICATION_JSON_TYPE);
            return (answer.replayed() ? ok.header(IdempotentRequest.REPLAYED_HEADER, "true") : ok).build();
        });
    }
}
