package dev.marketplace.billing.payment.rest;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
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

import org.jboss.resteasy.reactive.RestHeader;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.billing.payment.domain.PaymentMethod;
import dev.marketplace.billing.payment.domain.PaymentResult;
import dev.marketplace.billing.payment.domain.PaymentSortField;
import dev.marketplace.billing.payment.service.PaymentFilter;
import dev.marketplace.billing.payment.service.PaymentInput;
import dev.marketplace.billing.payment.service.PaymentService;
import dev.marketplace.billing.payment.service.PaymentView;
import dev.marketplace.billing.support.StartCount;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.idempotency.IdempotentRequest;
import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.security.Caller;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/** Paying an invoice, its payments, and one payment (AppDirect billing v1). */
@Path("/api/billing/v1")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class PaymentResource {
    static final int DEFAULT_COUNT = 250;
    static final int MAX_COUNT = 1000;

    private final PaymentService payments;
    private final ObjectMapper mapper;
    private final Caller caller;

    public PaymentResource(PaymentService payments, ObjectMapper mapper, Caller caller) {
        this.payments = payments;
        this.mapper = mapper;
        this.caller = caller;
    }

    /**
     * Pays an UNPAID invoice (else 409): 200 with the payment, whatever its result. With an {@code Idempotency-Key}
     * header, the same request sent again pays nothing more and gets the first answer (422 if the key was used for
     * another request).
     */
    @POST
    @Path("invoices/{invoiceNumber}/payments")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Pay an invoice with a card on file (exactly one charge per invoice; repeat safely with "
            + "Idempotency-Key)")
    @APIResponse(responseCode = "200", description = "The payment (a replay answers the first call's status and body)",
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = PaymentView.class)))
    public Uni<Response> pay(@RestPath String invoiceNumber, @Valid @NotNull PaymentInput body,
            @RestHeader(IdempotentRequest.HEADER) String idempotencyKey) {
        long number = Ids.number("invoiceNumber", invoiceNumber);
        IdempotentRequest key = IdempotentRequest.of(idempotencyKey, caller, "POST",
                "/api/billing/v1/invoices/" + number + "/payments", body, mapper);
        return payments.pay(number, body, key).map(result -> result.isReplay()
                ? Response.status(result.replay().status()).type(MediaType.APPLICATION_JSON_TYPE).entity(result.replay().body())
                        .header(IdempotentRequest.REPLAYED_HEADER, "true").build()
                : Response.ok(result.value()).build());
    }

    @GET
    @Path("invoices/{invoiceNumber}/payments")
    @Operation(summary = "List an invoice's payments, filtered by date, method or result, with X-Total-Count")
    @APIResponse(responseCode = "200", description = "The payments (a plain array); X-Total-Count gives the total",
            content = @Content(mediaType = "application/json", schema = @Schema(type = SchemaType.ARRAY,
            implementation = PaymentView.class)))
    public Uni<Response> list(@RestPath String invoiceNumber, @RestQuery String start, @RestQuery String count,
            @RestQuery String fromDate, @RestQuery String toDate, @RestQuery String method, @RestQuery String result,
            @RestQuery String sortField, @RestQuery String sortOrder) {
        long number = Ids.number("invoiceNumber", invoiceNumber);
        String m = QueryParams.text(method);
        if (m != null && !PaymentMethod.LISTING_FILTER.contains(m)) {
            throw ApiException.invalidField("method", "must be one of " + String.join(", ", PaymentMethod.LISTING_FILTER));
        }
        PaymentMethod ours = m == null ? null : java.util.Arrays.stream(PaymentMethod.values())
                .filter(v -> v.name().equals(m)).findFirst().orElse(null);
        var filter = new PaymentFilter(ours, QueryParams.enumValue("result", result, PaymentResult.class, null),
                QueryParams.instant("fromDate", fromDate), QueryParams.instant("toDate", toDate));
        var sort = QueryParams.enumValue("sortField", sortField, PaymentSortField.class,
                PaymentSortField.PAYMENT_ID);
        return payments.list(number, filter, m == null || ours != null, sort, QueryParams.ascending(sortOrder, true),
                StartCount.start(start),
                QueryParams.intInRange("count", count, 1, MAX_COUNT, DEFAULT_COUNT))
                .map(page -> StartCount.withTotal(Response.ok(page.payments()), page.total()).build());
    }

    @GET
    @Path("payments/{paymentNumber}")
    @Operation(summary = "Read one payment by its number")
    public Uni<PaymentView> get(@RestPath String paymentNumber) {
        return payments.get(Ids.number("paymentNumber", paymentNumber));
    }
}
