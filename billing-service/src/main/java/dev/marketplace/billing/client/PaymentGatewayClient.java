package dev.marketplace.billing.client;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

import dev.marketplace.billing.client.PaymentGatewayApi.Refund;
import dev.marketplace.billing.client.PaymentGatewayApi.RefundAnswer;
import dev.marketplace.common.client.ServiceUnavailable;
import io.smallrye.faulttolerance.api.ApplyGuard;
import io.smallrye.faulttolerance.api.AsynchronousNonBlocking;
import io.smallrye.mutiny.Uni;

/**
 * The sandbox gateway's refunds for voiding, behind the gateway's idempotent guard ({@link Dependencies}): retried once
 * although it is a POST, since it carries the payment's idempotency key. A refund that cannot be made is a 503: nothing
 * is voided. Charges go through {@link PaymentProvider} ({@link SandboxPaymentProvider} offers the same refund).
 */
@ApplicationScoped
public class PaymentGatewayClient {
    private static final Logger LOG = Logger.getLogger(PaymentGatewayClient.class);

    private final PaymentGatewayApi gateway;

    public PaymentGatewayClient(@RestClient PaymentGatewayApi gateway) {
        this.gateway = gateway;
    }

    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.PAYMENT_GATEWAY_IDEMPOTENT)
    @Fallback(fallbackMethod = "refundUnavailable")
    public Uni<RefundAnswer> refund(String idempotencyKey, Refund refund) {
        return gateway.refund(idempotencyKey, refund);
    }

    Uni<RefundAnswer> refundUnavailable(String idempotencyKey, Refund refund, Throwable failure) {
        LOG.warnf("payment gateway refund %s failed: %s", idempotencyKey, failure.toString());
        return Uni.createFrom().failure(ServiceUnavailable.of("PAYMENT_GATEWAY_UNAVAILABLE",
                "The payment gateway, which must refund the invoice's card payment,"));
    }
}
