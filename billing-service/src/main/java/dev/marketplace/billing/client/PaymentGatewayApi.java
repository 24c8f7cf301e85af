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
 * The card payment gateway's HTTP API (the devstack and the tests run a sandbox of it, see README "Payments"). Charges and
 * refunds carry an {@code Idempotency-Key}, so that a retried call charges once.
 */
@Path("/v1")
@RegisterRestClient(configKey = "payment-gateway")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface PaymentGatewayApi {

    @POST
    @Path("charges")
    Uni<ChargeAnswer> charge(@HeaderParam("Idempotency-Key") String idempotencyKey, Charge charge);

    @POST
    @Path("refunds")
    Uni<RefundAnswer> refund(@HeaderParam("Idempotency-Key") String idempotencyKey, Refund refund);

    /** Amounts travel as decimal strings: never a binary floating point number. */
    record Charge(String amount, String currency, String reference, Card card) {
    }

    record Card(String number, int expirationMonth, int expirationYear, String cvv, String holderName) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record ChargeAnswer(String id, String status, String code, String message, Boolean avs, Boolean cvv) {
        public boolean approved() {
            return "APPROVED".equals(status);
        }
    }

    record Refund(String charge, String amount, String currency) {
    }

    /** {@code status} REFUNDED, or DECLINED with the gateway's {@code code} and {@code message}. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record RefundAnswer(String id, String status, String code, String message) {
    }
}
