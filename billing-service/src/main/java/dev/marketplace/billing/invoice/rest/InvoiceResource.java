package dev.marketplace.billing.invoice.rest;

import java.util.UUID;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import dev.marketplace.billing.invoice.domain.BuyerRole;
import dev.marketplace.billing.invoice.domain.InvoiceStatus;
import dev.marketplace.billing.invoice.domain.InvoiceSortField;
import dev.marketplace.billing.invoice.service.InvoiceFilter;
import dev.marketplace.billing.invoice.service.InvoicePatch;
import dev.marketplace.billing.invoice.service.InvoiceService;
import dev.marketplace.billing.invoice.service.InvoiceViews;
import dev.marketplace.billing.support.StartCount;
import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.lookup.CompanyRef;
import dev.marketplace.common.lookup.Ids;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/**
 * Invoices (AppDirect billing v1): the user's, the company's and the marketplace's listings — plain arrays with start/count
 * paging and X-Total-Count — one invoice, and voiding.
 */
@Path("/api/billing/v1")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class InvoiceResource {
    static final int DEFAULT_COUNT = 250;
    static final int MAX_COUNT = 1000;

    private final InvoiceService invoices;

    public InvoiceResource(InvoiceService invoices) {
        this.invoices = invoices;
    }

    /** Query parameters shared by the three listings. */
    record Query(String start, String count, String excludeFree, String fromDate, String toDate, String status,
            String sortField, String sortOrder) {
    }

    @GET
    @Path("companies/{companyId}/users/{userId}/invoices")
    @Operation(summary = "List the invoices of a user in a company, with start/count paging and X-Total-Count")
    @APIResponse(responseCode = "200", description = "The invoices (a plain array); X-Total-Count gives the total",
            content = @Content(mediaType = "application/json", schema = @Schema(type = SchemaType.ARRAY,
            implementation = InvoiceViews.Listing.class)))
    public Uni<Response> userInvoices(@RestPath String companyId, @RestPath String userId, @RestQuery String start,
            @RestQuery String count, @RestQuery String excludeFree, @RestQuery String fromDate, @RestQuery String toDate,
            @RestQuery String status, @RestQuery String sortField, @RestQuery String sortOrder) {
        return list(company(companyId), Ids.uuid("userId", userId), null,
                new Query(start, count, excludeFree, fromDate, toDate, status, sortField, sortOrder), true);
    }

    @GET
    @Path("companies/{companyId}/invoices")
    @Operation(summary = "List a company's invoices, with start/count paging and X-Total-Count")
    @APIResponse(responseCode = "200", description = "The invoices (a plain array); X-Total-Count gives the total",
            content = @Content(mediaType = "application/json", schema = @Schema(type = SchemaType.ARRAY,
            implementation = InvoiceViews.Listing.class)))
    public Uni<Response> companyInvoices(@RestPath String companyId, @RestQuery String start, @RestQuery String count,
            @RestQuery String excludeFree, @RestQuery String fromDate, @RestQuery String toDate, @RestQuery String status,
            @RestQuery String sortField, @RestQuery String sortOrder) {
        return list(company(companyId), null, null,
                new Query(start, count, excludeFree, fromDate, toDate, status, sortField, sortOrder), false);
    }

    @GET
    @Path("invoices")
    @Operation(summary = "List the marketplace's invoices, filtered by date, status or buyer role, with X-Total-Count")
    @APIResponse(responseCode = "200", description = "The invoices (a plain array); X-Total-Count gives the total",
            content = @Content(mediaType = "application/json", schema = @Schema(type = SchemaType.ARRAY,
            implementation = InvoiceViews.Listing.class)))
    public Uni<Response> marketplaceInvoices(@RestQuery String start, @RestQuery String count, @RestQuery String excludeFree,
            @RestQuery String fromDate, @RestQuery String toDate, @RestQuery String status, @RestQuery String sortField,
            @RestQuery String sortOrder, @RestQuery String buyerRole) {
        return list(null, null, QueryParams.enumValue("buyerRole", buyerRole, BuyerRole.class, BuyerRole.ALL),
                new Query(start, count, excludeFree, fromDate, toDate, status, sortField, sortOrder), true);
    }

    @GET
    @Path("invoices/{invoiceNumber}")
    @Operation(summary = "Read one invoice with its lines, taxes and payments")
    public Uni<InvoiceViews.Detail> get(@RestPath String invoiceNumber) {
        return invoices.get(Ids.number("invoiceNumber", invoiceNumber));
    }

    /** Voids the invoice: {@code {"status": "VOIDED"}} is the only change this accepts. */
    @PATCH
    @Path("invoices/{invoiceNumber}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Change an invoice's status (void it, mark it paid or carried)")
    public Uni<InvoiceViews.Detail> patch(@RestPath String invoiceNumber, @Valid @NotNull InvoicePatch body) {
        long number = Ids.number("invoiceNumber", invoiceNumber);
        body.checked();
        return invoices.voidInvoice(number);
    }

    private Uni<Response> list(UUID company, UUID user, BuyerRole buyerRole, Query q, boolean ascendingByDefault) {
        var filter = new InvoiceFilter(company, user,
                QueryParams.enumValue("status", q.status(), InvoiceStatus.class, null),
                QueryParams.instant("fromDate", q.fromDate()), QueryParams.instant("toDate", q.toDate()),
                Boolean.TRUE.equals(QueryParams.bool("excludeFree", q.excludeFree(), false)), buyerRole);
        var sort = QueryParams.enumValue("sortField", q.sortField(), InvoiceSortField.class,
                InvoiceSortField.INVOICE_ID);
        return invoices.list(filter, sort, QueryParams.ascending(q.sortOrder(), ascendingByDefault),
                StartCount.start(q.start()),
                QueryParams.intInRange("count", q.count(), 1, MAX_COUNT, DEFAULT_COUNT))
                .map(page -> StartCount.withTotal(Response.ok(page.invoices()), page.total()).build());
    }

    /** Company ids are UUIDs (bare or {@code id:}); billing keeps no external ids. */
    static UUID company(String raw) {
        if (CompanyRef.parse(raw) instanceof CompanyRef.ById byId) {
            return byId.uuid();
        }
        throw dev.marketplace.common.error.ApiException.invalidField("companyId", "must be a UUID or id:<uuid> here");
    }
}
