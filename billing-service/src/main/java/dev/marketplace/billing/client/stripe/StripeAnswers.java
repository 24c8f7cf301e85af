package dev.marketplace.billing.client.stripe;

import org.jboss.logging.Logger;

import com.stripe.exception.StripeException;
import com.stripe.model.PaymentIntent;
import com.stripe.model.Refund;
import com.stripe.model.StripeError;

import dev.marketplace.billing.client.PaymentProvider.ChargeResult;
import dev.marketplace.billing.client.PaymentProvider.RefundResult;
import dev.marketplace.billing.client.PaymentProvider.Status;

/** What Stripe's answers and failures mean to us: a PaymentIntent or Refund as a result, a failure as no answer. */
final class StripeAnswers {
    static final String AUTHENTICATION_REQUIRED = "authentication_required";
    private static final String OFF_SESSION =
            "The card's holder must authenticate this payment, which cannot be asked for off-session";
    // the provider's log category, as before these answers had a class of their own
    private static final Logger LOG = Logger.getLogger(StripePaymentProvider.class);

    private StripeAnswers() {
    }

    /** What a PaymentIntent's status says about the money. */
    static ChargeResult outcome(PaymentIntent intent) {
        String status = String.valueOf(intent.getStatus());
        StripeError last = intent.getLastPaymentError();
        return switch (status) {
            case "succeeded" -> new ChargeResult(Status.SUCCEEDED, intent.getId(), null, null);
            case "requires_payment_method" -> last == null
                    ? new ChargeResult(Status.DECLINED, intent.getId(), AUTHENTICATION_REQUIRED, OFF_SESSION)
                    : new ChargeResult(Status.DECLINED, intent.getId(), StripeMessages.codeOf(last),
                            StripeMessages.scrub(last.getMessage()));
            case "requires_action" -> new ChargeResult(Status.DECLINED, intent.getId(), AUTHENTICATION_REQUIRED,
                    OFF_SESSION);
            case "requires_confirmation" -> new ChargeResult(Status.DECLINED, intent.getId(), "not_confirmed",
                    "The payment was not confirmed");
            case "canceled" -> new ChargeResult(Status.DECLINED, intent.getId(), "canceled",
                    intent.getCancellationReason() == null ? "The payment was canceled"
                            : "The payment was canceled (" + intent.getCancellationReason() + ")");
            // processing, requires_capture: the money may still move
            default -> new ChargeResult(Status.UNKNOWN, intent.getId(), status, "The payment is " + status);
        };
    }

    /** What a Refund's status says about the money. */
    static RefundResult refundOutcome(Refund refund) {
        return switch (String.valueOf(refund.getStatus())) {
            case "succeeded", "pending" -> new RefundResult(Status.SUCCEEDED, refund.getId(), null, null);
            case "failed", "canceled" -> new RefundResult(Status.DECLINED, refund.getId(),
                    refund.getFailureReason() == null ? refund.getStatus() : refund.getFailureReason(),
                    "The refund " + refund.getStatus());
            default -> new RefundResult(Status.UNKNOWN, refund.getId(), refund.getStatus(),
                    "The refund is " + refund.getStatus());
        };
    }

    /** Stripe gave no definite answer; the guard may try again (same idempotency key) and its breaker counts it. */
    static final class StripeUnavailable extends RuntimeException {
        StripeUnavailable(String message) {
            super(message, null, false, false);
        }
    }

    /** No API key is configured: nothing can be asked of Stripe. */
    static final class NotConfigured extends RuntimeException {
        NotConfigured() {
            super("no Stripe API key is configured (STRIPE_API_KEY)", null, false, false);
        }
    }

    /** A connection failure, timeout, 5xx, 429, refused key or malformed answer, described without Stripe's text. */
    static StripeUnavailable unavailable(String what, StripeException e) {
        Integer status = e.getStatusCode();
        String described = e.getClass().getSimpleName() + (status == null || status == 0 ? "" : " HTTP " + status)
                + (e.getCode() == null ? "" : " code " + e.getCode())
                + (e.getRequestId() == null ? "" : " request " + e.getRequestId());
        if (status != null && (status == 401 || status == 403)) {
            LOG.errorf("Stripe refused our API key for %s (%s): check STRIPE_API_KEY", what, described);
        }
        return new StripeUnavailable("Stripe " + what + ": " + described);
    }

    static String describe(Throwable failure) {
        if (failure instanceof StripeUnavailable || failure instanceof NotConfigured) {
            return failure.getMessage();
        }
        return failure.getClass().getSimpleName()
                + (failure.getMessage() == null ? "" : ": " + StripeMessages.scrub(failure.getMessage()));
    }
}
