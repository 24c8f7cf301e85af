package dev.marketplace.billing.client;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import io.smallrye.mutiny.Uni;

/**
 * The sandbox card provider's HTTP API (libs/testkit {@code SandboxPaymentGateway}, which the devstack runs): cards are
 * tokenised by the browser, never by us; we attach tokens, charge payment methods with an {@code Idempotency-Key}, look
 * a charge up by that key and refund.
 */
@Path("/v1")
@RegisterRestClient(configKey = "payment-gateway")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface SandboxPaymentApi {

    @POST
    @Path("customers/{customer}/payment_methods")
    Uni<Method> attach(@PathParam("customer") String customer, Attach attach);

    @DELETE
    @Path("payment_methods/{id}")
    Uni<Void> detach(@PathParam("id") String id);

    @POST
    @Path("charges")
    Uni<ChargeAnswer> charge(@HeaderParam("Idempotency-Key") String idempotencyKey, Charge charge);

    /** 404 (a {@code ServiceRejection}) when no charge was made with that key. */
    @GET
    @Path("charges/by-key/{key}")
    Uni<ChargeAnswer> chargeByKey(@PathParam("key") String idempotencyKey);

    @POST
    @Path("refunds")
    Uni<RefundAnswer> refund(@HeaderParam("Idempotency-Key") String idempotencyKey, Refund refund);

    record Attach(String token) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Method(String id, Card card) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Card(String brand, String last4, int expMonth, int expYear) {
    }

    /** Amounts travel as decimal strings: never a binary floating point number. */
    record Charge(String paymentMethod, String customer, String amount, String currency, String reference) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record ChargeAnswer(String id, String status, String code, String message) {
    }

    record Refund(String charge, String amount, String currency) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record RefundAnswer(String id, String status) {
    }
}
