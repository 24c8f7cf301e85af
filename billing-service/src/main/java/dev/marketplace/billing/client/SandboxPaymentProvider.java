package dev.marketplace.billing.client;

import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

import dev.marketplace.billing.client.SandboxPaymentApi.ChargeAnswer;
import dev.marketplace.common.client.ServiceRejection;
import dev.marketplace.common.client.ServiceUnavailable;
import dev.marketplace.common.error.ApiException;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.faulttolerance.api.ApplyGuard;
import io.smallrye.faulttolerance.api.AsynchronousNonBlocking;
import io.smallrye.mutiny.Uni;

/**
 * The sandbox provider (the devstack's and the tests'), behind the payment gateway's guards ({@link Dependencies}).
 * Charges, look-ups, detaching and refunds carry a key or change nothing, so they are retried once; attaching a token
 * (used once at the provider) is never retried. A charge the provider refuses (4xx) is DECLINED; a timeout, a dropped
 * connection, a 5xx or an open breaker is UNKNOWN: the money may have moved, and only {@link #findCharge} can say.
 * Tokens, payment method ids and card numbers are never logged.
 */
@ApplicationScoped
@Identifier("sandbox")
public class SandboxPaymentProvider implements PaymentProvider {
    private static final Logger LOG = Logger.getLogger(SandboxPaymentProvider.class);

    private final SandboxPaymentApi sandbox;

    public SandboxPaymentProvider(@RestClient SandboxPaymentApi sandbox) {
        this.sandbox = sandbox;
    }

    @Override
    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.PAYMENT_GATEWAY_NON_IDEMPOTENT)
    @Fallback(fallbackMethod = "attachFailed", skipOn = ApiException.class)
    public Uni<CardOnFile> attach(String token, String customerReference) {
        return sandbox.attach(customerReference, new SandboxPaymentApi.Attach(token))
                .map(m -> new CardOnFile(m.id(), m.card().brand(), m.card().last4(), m.card().expMonth(), m.card().expYear()))
                .onFailure(ServiceRejection.class).transform(e -> ApiException.invalidField("token",
                        "was refused by the payment provider (unknown, expired or already used): obtain a new one"));
    }

    @Override
    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.PAYMENT_GATEWAY_IDEMPOTENT)
    @Fallback(fallbackMethod = "detachFailed", skipOn = ApiException.class)
    public Uni<Void> detach(String providerMethodId) {
        // already gone at the provider: what we wanted
        return sandbox.detach(providerMethodId).onFailure(e -> e instanceof ServiceRejection r && r.notFound()).recoverWithNull();
    }

    @Override
    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.PAYMENT_GATEWAY_IDEMPOTENT)
    @Fallback(fallbackMethod = "chargeUnknown")
    public Uni<ChargeResult> charge(String idempotencyKey, Charge charge) {
        return sandbox.charge(idempotencyKey, new SandboxPaymentApi.Charge(charge.providerMethodId(), charge.customerReference(),
                charge.amount(), charge.currency(), charge.reference())).map(SandboxPaymentProvider::result);
    }

    @Override
    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.PAYMENT_GATEWAY_IDEMPOTENT)
    @Fallback(fallbackMethod = "lookupUnknown")
    public Uni<Optional<ChargeResult>> findCharge(String idempotencyKey, String reference) {
        return sandbox.chargeByKey(idempotencyKey).map(answer -> Optional.of(result(answer)))
                .onFailure(e -> e instanceof ServiceRejection r && r.notFound()).recoverWithItem(Optional.empty());
    }

    @Override
    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.PAYMENT_GATEWAY_IDEMPOTENT)
    @Fallback(fallbackMethod = "refundUnknown")
    public Uni<RefundResult> refund(String idempotencyKey, String chargeId, String amount, String currency) {
        return sandbox.refund(idempotencyKey, new SandboxPaymentApi.Refund(chargeId, amount, currency))
                .map(answer -> new RefundResult("REFUNDED".equals(answer.status()) ? Status.SUCCEEDED : Status.DECLINED,
                        answer.id(), answer.status(), null));
    }

    private static ChargeResult result(ChargeAnswer answer) {
        Status status = "SUCCEEDED".equals(answer.status()) ? Status.SUCCEEDED
                : "DECLINED".equals(answer.status()) ? Status.DECLINED : Status.UNKNOWN;
        return new ChargeResult(status, answer.id(), answer.code(), answer.message());
    }

    Uni<CardOnFile> attachFailed(String token, String customerReference, Throwable failure) {
        LOG.warnf("payment provider attach failed: %s", failure.getClass().getSimpleName());
        return Uni.createFrom().failure(ServiceUnavailable.of("PAYMENT_PROVIDER_UNAVAILABLE", "The payment provider"));
    }

    Uni<Void> detachFailed(String providerMethodId, Throwable failure) {
        LOG.warnf("payment provider detach failed: %s", failure.getClass().getSimpleName());
        return Uni.createFrom().failure(ServiceUnavailable.of("PAYMENT_PROVIDER_UNAVAILABLE", "The payment provider"));
    }

    Uni<ChargeResult> chargeUnknown(String idempotencyKey, Charge charge, Throwable failure) {
        if (failure instanceof ServiceRejection r) {
            // the provider refused the request itself: nothing was charged
            return Uni.createFrom().item(new ChargeResult(Status.DECLINED, null, r.code() == null ? "REFUSED" : r.code(),
                    "The payment provider refused the charge"));
        }
        LOG.warnf("payment provider charge %s has no definite answer: %s", idempotencyKey, failure.toString());
        return Uni.createFrom().item(new ChargeResult(Status.UNKNOWN, null, "PROVIDER_NO_ANSWER",
                "The payment provider did not answer; the charge is looked up later"));
    }

    Uni<Optional<ChargeResult>> lookupUnknown(String idempotencyKey, String reference, Throwable failure) {
        LOG.warnf("payment provider look-up %s failed: %s", idempotencyKey, failure.toString());
        return Uni.createFrom().item(Optional.of(new ChargeResult(Status.UNKNOWN, null, "PROVIDER_NO_ANSWER",
                "The payment provider did not answer the look-up")));
    }

    Uni<RefundResult> refundUnknown(String idempotencyKey, String chargeId, String amount, String currency, Throwable failure) {
        LOG.warnf("payment provider refund %s failed: %s", idempotencyKey, failure.toString());
        return Uni.createFrom().item(new RefundResult(Status.UNKNOWN, null, "PROVIDER_NO_ANSWER",
                "The payment provider did not answer"));
    }
}
