package dev.marketplace.reseller.association.rest;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.input.Violations;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.reseller.association.service.AssociationInputs;
import dev.marketplace.reseller.association.service.AssociationPage;
import dev.marketplace.reseller.association.service.AssociationService;
import dev.marketplace.reseller.association.service.AssociationView;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/** Customer-to-reseller company associations: create, list (by either company), remove. */
@Path("/api/appReseller/v1/companyAssociations")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class AssociationResource {
    static final int DEFAULT_PAGE_SIZE = 50;

    private final AssociationService associations;

    public AssociationResource(AssociationService associations) {
        this.associations = associations;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Associate a customer company with a reseller company (the reseller then sees and manages it)")
    public Uni<AssociationView> create(@Valid @NotNull AssociationInputs.Create body) {
        return associations.create(Ids.uuid("resellerCompanyId", body.resellerCompanyId().trim()),
                Ids.uuid("customerCompanyId", body.customerCompanyId().trim()));
    }

    /**
     * {@code createdOn} takes {@code gte(<timestamp>)} or {@code lte(<timestamp>)}, and may be given twice for a range;
     * {@code sort} is {@code +createdOn}, {@code -createdOn}, {@code +id} or {@code -id} (default {@code -createdOn}).
     */
    @GET
    @Operation(summary = "List company associations, filtered by reseller or customer company, paged")
    public Uni<AssociationPage> list(@RestQuery String resellerCompanyId, @RestQuery String customerCompanyId,
            @RestQuery String searchText, @RestQuery List<String> createdOn, @RestQuery String sort,
            @RestQuery String number, @RestQuery String size) {
        UUID reseller = QueryParams.uuid("resellerCompanyId", resellerCompanyId);
        UUID customer = QueryParams.uuid("customerCompanyId", customerCompanyId);
        Violations.start().when(reseller == null && customer == null, "resellerCompanyId",
                "is required when customerCompanyId is not given (give at least one of them)").throwIfAny();
        Instant from = null;
        Instant to = null;
        for (String bound : createdOn) {
            String value = bound.trim();
            if (value.startsWith("gte(") && value.endsWith(")")) {
                from = QueryParams.instant("createdOn", value.substring(4, value.length() - 1));
            } else if (value.startsWith("lte(") && value.endsWith(")")) {
                to = QueryParams.instant("createdOn", value.substring(4, value.length() - 1));
            } else {
                throw ApiException.invalidField("createdOn", "must be gte(<timestamp>) or lte(<timestamp>)");
            }
        }
        // '+' arrives as a space when the client did not encode it
        String order = sort == null || sort.isBlank() ? "-createdOn" : sort.startsWith(" ") ? "+" + sort.trim() : sort.trim();
        boolean ascending = !order.startsWith("-");
        String field = order.startsWith("-") || order.startsWith("+") ? order.substring(1) : order;
        AssociationService.Sort sortField = switch (field) {
            case "createdOn" -> AssociationService.Sort.CREATED_ON;
            case "id" -> AssociationService.Sort.ID;
            default -> throw ApiException.invalidField("sort", "must be +createdOn, -createdOn, +id or -id");
        };
        return associations.list(new AssociationService.Query(reseller, customer, QueryParams.text(searchText), from, to,
                sortField, ascending, PageRequest.of(pageNumber(number), size, DEFAULT_PAGE_SIZE)));
    }

    @DELETE
    @Path("{companyAssociationId}")
    @Operation(summary = "Remove a company association")
    @APIResponse(responseCode = "204", description = "Done; no body")
    public Uni<Response> delete(@RestPath String companyAssociationId) {
        return associations.delete(Ids.uuid("companyAssociationId", companyAssociationId))
                .replaceWith(Response.noContent().build());
    }

    /** The page number travels as {@code number}; PageRequest names a bad one {@code page}, so it is checked here. */
    private static String pageNumber(String number) {
        QueryParams.intInRange("number", number, 0, Integer.MAX_VALUE, 0);
        return number;
    }
}
