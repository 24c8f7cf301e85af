package dev.marketplace.billing.client;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

import dev.marketplace.billing.client.PaymentGatewayApi.Charge;
import dev.marketplace.billing.client.PaymentGatewayApi.ChargeAnswer;
import dev.marketplace.billing.client.PaymentGatewayApi.Refund;
import dev.marketplace.billing.client.PaymentGatewayApi.RefundAnswer;
import dev.marketplace.common.client.ServiceRejection;
import dev.marketplace.common.client.ServiceUnavailable;
import io.smallrye.faulttolerance.api.ApplyGuard;
import io.smallrye.faulttolerance.api.AsynchronousNonBlocking;
import io.smallrye.mutiny.Uni;

/**
 * The payment-gateway adapter, behind the gateway's idempotent guard ({@link Dependencies}). A charge is retried once
 * although it is a POST: it carries the payment's idempotency key, so the gateway charges once however often it is
 * asked (a refund likewise). A gateway that cannot be reached, times out or fails
 * answers {@link #UNAVAILABLE} (the payment is recorded as GATEWAY_NOT_AVAILABLE and the invoice stays unpaid); a
 * breaker stops calling a gateway that keeps failing. A refund that cannot be made is a 503: nothing is voided.
 */
@ApplicationScoped
public class PaymentGatewayClient {
    /** The degraded answer of a charge when the gateway cannot be reached. */
    public static final ChargeAnswer UNAVAILABLE = new ChargeAnswer(null, "GATEWAY_NOT_AVAILABLE", "GATEWAY_NOT_AVAILABLE",
            "The payment gateway cannot be reached", null, null);
    private static final Logger LOG = Logger.getLogger(PaymentGatewayClient.class);

    private final PaymentGatewayApi gateway;

    public PaymentGatewayClient(@RestClient PaymentGatewayApi gateway) {
        this.gateway = gateway;
    }

    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.PAYMENT_GATEWAY_IDEMPOTENT)
    @Fallback(fallbackMethod = "chargeUnavailable")
    public Uni<ChargeAnswer> charge(String idempotencyKey, Charge charge) {
        return gateway.charge(idempotencyKey, charge);
    }

    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.PAYMENT_GATEWAY_IDEMPOTENT)
    @Fallback(fallbackMethod = "refundUnavailable")
    public Uni<RefundAnswer> refund(String idempotencyKey, Refund refund) {
        return gateway.refund(idempotencyKey, refund);
    }

    Uni<ChargeAnswer> chargeUnavailable(String idempotencyKey, Charge charge, Throwable failure) {
        LOG.warnf("payment gateway charge %s failed: %s", idempotencyKey, failure.toString());
        return Uni.createFrom().item(UNAVAILABLE);
    }

    Uni<RefundAnswer> refundUnavailable(String idempotencyKey, Refund refund, Throwable failure) {
        LOG.warnf("payment gateway refund %s failed: %s", idempotencyKey, failure.toString());
        return Uni.createFrom().failure(ServiceUnavailable.of("PAYMENT_GATEWAY_UNAVAILABLE",
                "The payment gateway, which must refund the invoice's card payment,"));
    }
}
