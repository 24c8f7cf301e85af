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
    public Uni<Response> create(@RestQuery String context, @RestQuery String companyId, @RestQuery String userId,
            @Valid LeadInputs.Create body, @Context UriInfo uri) {
        return creation.create(context, companyId, userId, body).map(lead -> Response
                .created(uri.getBaseUriBuilder().path("api/lead/v2/leads/{id}").build(lead.id())).entity(lead).build());
    }

    @GET
    @Path("leads")
    @RolesAllowed({Roles.PARTNER, Roles.PARTNER_READ, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT})
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
    public Uni<LeadView> get(@RestPath String leadId, @RestQuery String context, @RestQuery String companyId) {
        return leads.get(context, companyId, leadId);
    }

    @PATCH
    @Path("leads/{leadId}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<LeadView> update(@RestPath String leadId, @RestQuery String context, @RestQuery String companyId,
            @Valid LeadInputs.Update body) {
        return leads.update(context, companyId, leadId, body);
    }

    /** Deletes or disqualifies the lead (service README, "Discarding a lead"); 204. */
    @DELETE
    @Path("leads/{leadId}")
    public Uni<Void> discard(@RestPath String leadId, @RestQuery String context, @RestQuery String companyId) {
        return leads.discard(context, companyId, leadId);
    }

    @GET
    @Path("leads/{leadId}/activities")
    @RolesAllowed({Roles.PARTNER, Roles.PARTNER_READ, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT})
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
    public Uni<Response> assign(@RestQuery String context, @RestQuery String companyId, @Valid LeadInputs.Assign body) {
        return leads.assign(context, companyId, body).map(lead -> Response.status(Response.Status.CREATED).entity(lead).build());
    }

    @POST
    @Path("companyAssociation")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<LeadView> associate(@RestQuery String context, @RestQuery String companyId,
            @Valid LeadInputs.Associate body) {
        return leads.associate(context, companyId, body);
    }

    @POST
    @Path("conversion")
    public Uni<LeadView.Wrapped> convert(@RestQuery String context, @RestQuery String companyId, @RestQuery String leadId) {
        return conversion.convert(context, companyId, required("leadId", leadId));
    }

    @POST
    @Path("conversionRequest")
    public Uni<LeadView.Wrapped> requestConversion(@RestQuery String context, @RestQuery String companyId,
            @RestQuery String leadId) {
        return conversion.requestConversion(context, companyId, required("leadId", leadId));
    }

    /** {@code companyId} is optional here for channel credentials (PARTNER, CHANNEL_ADMIN). */
    @POST
    @Path("conversionApproval")
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
