package dev.marketplace.billing.client;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import io.smallrye.mutiny.Uni;

/**
 * The sandbox gateway's refunds, as voiding calls them until it moves to {@link PaymentProvider#refund} (charges go
 * through {@link PaymentProvider} only). Refunds carry an {@code Idempotency-Key}, so that a retried call refunds once.
 */
@Path("/v1")
@RegisterRestClient(configKey = "payment-gateway")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface PaymentGatewayApi {

    @POST
    @Path("refunds")
    Uni<RefundAnswer> refund(@HeaderParam("Idempotency-Key") String idempotencyKey, Refund refund);

    /** Amounts travel as decimal strings: never a binary floating point number. */
    record Refund(String charge, String amount, String currency) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record RefundAnswer(String id, String status) {
    }
}
