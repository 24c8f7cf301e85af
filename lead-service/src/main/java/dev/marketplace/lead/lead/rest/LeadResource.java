package dev.marketplace.lead.lead.rest;

import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.common.security.Roles;
import dev.marketplace.lead.activity.service.ActivityView;
import dev.marketplace.lead.lead.domain.LeadSortField;
import dev.marketplace.lead.lead.domain.LeadStatus;
import dev.marketplace.lead.lead.service.LeadConversion;
import dev.marketplace.lead.lead.service.LeadCreation;
import dev.marketplace.lead.lead.service.LeadInputs;
import dev.marketplace.lead.lead.service.LeadService;
import dev.marketplace.lead.lead.service.LeadView;
import io.smallrye.mutiny.Uni;

/**
 * The Lead API (/api/lead/v2). Every call names the {@code context} it acts in and, except where noted, the
 * {@code companyId} it acts for; what a context may see and do is in the service README. The gateway's anonymous
 * contact-form token ({@link Roles#ANONYMOUS_LEAD}) reaches only lead creation.
 */
@Path("/api/lead/v2")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({Roles.PARTNER, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT})
public class LeadResource {
    static final int DEFAULT_PAGE_SIZE = 50;

    private final LeadCreation creation;
    private final LeadService leads;
    private final LeadConversion conversion;

    public LeadResource(LeadCreation creation, LeadService leads, LeadConversion conversion) {
        this.creation = creation;
        this.leads = leads;
        this.conversion = conversion;
    }

    @POST
    @Path("leads")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed({Roles.PARTNER, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT, Roles.ANONYMOUS_LEAD})
    @Operation(summary = "Create a sales lead in a context (marketplace, reseller or company), notifying whom it "
            + "concerns")
    @APIResponse(responseCode = "201", description = "Created; Location names it", headers = @Header(name = "Location",
            description = "URL of what was "
            + "created", schema = @Schema(type = SchemaType.STRING)), content = @Content(mediaType = "application/json", schema = @Schema(implementation = LeadView.class)))
    public Uni<Response> create(@RestQuery String context, @RestQuery String companyId, @RestQuery String userId,
            @Valid LeadInputs.Create body, @Context UriInfo uri) {
        return creation.create(context, companyId, userId, body).map(lead -> Response
                .created(uri.getBaseUriBuilder().path("api/lead/v2/leads/{id}").build(lead.id())).entity(lead).build());
    }

    @GET
    @Path("leads")
    @RolesAllowed({Roles.PARTNER, Roles.PARTNER_READ, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT})
    @Operation(summary = "List the sales leads a context can see, filtered by status or text, paged")
    public Uni<PagedResponse<LeadView>> list(@RestQuery String context, @RestQuery String companyId,
            @RestQuery String status, @RestQuery String searchText, @RestQuery String fromDate, @RestQuery String toDate,
            @RestQuery String sortField, @RestQuery String sortOrder, @RestQuery String page, @RestQuery String size,
            @Context UriInfo uri) {
        if (searchText != null && searchText.length() > 1024) {
            throw dev.marketplace.common.error.ApiException.invalidField("searchText", "must be at most 1024 characters");
        }
        return leads.list(context, companyId, QueryParams.enumValue("status", status, LeadStatus.class, null),
                QueryParams.text(searchText), QueryParams.instant("fromDate", fromDate),
                QueryParams.instant("toDate", toDate),
                QueryParams.enumValue("sortField", sortField, LeadSortField.class, LeadSortField.DATE),
                QueryParams.ascending(sortOrder, false), PageRequest.of(page, size, DEFAULT_PAGE_SIZE), uri);
    }

    @GET
    @Path("leads/{leadId}")
    @RolesAllowed({Roles.PARTNER, Roles.PARTNER_READ, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT})
    @Operation(summary = "Read one sales lead a context can see")
    public Uni<LeadView> get(@RestPath String leadId, @RestQuery String context, @RestQuery String companyId) {
        return leads.get(context, companyId, leadId);
    }

    @PATCH
    @Path("leads/{leadId}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Change a sales lead's fields or status")
    public Uni<LeadView> update(@RestPath String leadId, @RestQuery String context, @RestQuery String companyId,
            @Valid LeadInputs.Update body) {
        return leads.update(context, companyId, leadId, body);
    }

    /** Deletes or disqualifies the lead (service README, "Discarding a lead"); 204. */
    @DELETE
    @Path("leads/{leadId}")
    @Operation(summary = "Discard a sales lead")
    @APIResponse(responseCode = "204", description = "Done; no body")
    public Uni<Void> discard(@RestPath String leadId, @RestQuery String context, @RestQuery String companyId) {
        return leads.discard(context, companyId, leadId);
    }

    @GET
    @Path("leads/{leadId}/activities")
    @RolesAllowed({Roles.PARTNER, Roles.PARTNER_READ, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT})
    @Operation(summary = "List a sales lead's activities, paged")
    public Uni<PagedResponse<ActivityView>> activities(@RestPath String leadId, @RestQuery String context,
            @RestQuery String companyId, @RestQuery String fromDate, @RestQuery String toDate,
            @RestQuery String creationDateOrder, @RestQuery String page, @RestQuery String size, @Context UriInfo uri) {
        return leads.activities(context, companyId, leadId, QueryParams.instant("fromDate", fromDate),
                QueryParams.instant("toDate", toDate), QueryParams.ascending("creationDateOrder", creationDateOrder, false),
                PageRequest.of(page, size, DEFAULT_PAGE_SIZE), uri);
    }

    @POST
    @Path("assignment")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Assign sales leads to a user or company")
    @APIResponse(responseCode = "201", description = "Assigned", extensions = @Extension(name = "x-no-location",
            value = "true"), content = @Content(mediaType = "application/json", schema = @Schema(implementation = LeadView.class)))
    public Uni<Response> assign(@RestQuery String context, @RestQuery String companyId, @Valid LeadInputs.Assign body) {
        return leads.assign(context, companyId, body).map(lead -> Response.status(Response.Status.CREATED).entity(lead).build());
    }

    @POST
    @Path("companyAssociation")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Associate a sales lead with an existing company")
    public Uni<LeadView> associate(@RestQuery String context, @RestQuery String companyId,
            @Valid LeadInputs.Associate body) {
        return leads.associate(context, companyId, body);
    }

    @POST
    @Path("conversion")
    @Operation(summary = "Convert a sales lead into a company (or ask for approval when the context needs it)")
    public Uni<LeadView.Wrapped> convert(@RestQuery String context, @RestQuery String companyId, @RestQuery String leadId) {
        return conversion.convert(context, companyId, required("leadId", leadId));
    }

    @POST
    @Path("conversionRequest")
    @Operation(summary = "Ask for a sales lead's conversion, to be approved by the marketplace")
    public Uni<LeadView.Wrapped> requestConversion(@RestQuery String context, @RestQuery String companyId,
            @RestQuery String leadId) {
        return conversion.requestConversion(context, companyId, required("leadId", leadId));
    }

    /** {@code companyId} is optional here for channel credentials (PARTNER, CHANNEL_ADMIN). */
    @POST
    @Path("conversionApproval")
    @Operation(summary = "Approve a requested conversion of a sales lead")
    public Uni<LeadView.Wrapped> approveConversion(@RestQuery String context, @RestQuery String companyId,
            @RestQuery String leadId) {
        return conversion.approveConversion(context, companyId, required("leadId", leadId));
    }

    private static String required(String name, String value) {
        if (value == null || value.isBlank()) {
            throw dev.marketplace.common.error.ApiException.invalidField(name, "is required");
        }
        return value.trim();
    }
}
