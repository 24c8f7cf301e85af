package dev.marketplace.billing.client;

import java.util.Optional;

import io.smallrye.mutiny.Uni;

/**
 * A card payment provider: the only place a card is charged or refunded. The API never sees a card: a client tokenises
 * the card at the provider (Stripe.js, or the sandbox's tokenisation endpoint in the devstack) and registers the token as
 * a payment method; charges name that method. Which implementation runs is configuration
 * ({@code marketplace.billing.payment-provider.kind}: {@code sandbox} or {@code stripe}).
 * <p>
 * Every call that moves money carries an idempotency key, so a retried call moves it once. An answer that may not have
 * reached us (a timeout, a dropped connection, a 5xx) is {@link Status#UNKNOWN}, never a failure: the money may have
 * moved, and only {@link #findCharge} can say.
 */
public interface PaymentProvider {

    /** Attaches a token obtained from the provider to a customer of ours, and says what card it is. */
    Uni<CardOnFile> attach(String token, String customerReference);

    /** Forgets a payment method at the provider (a card removed from file). */
    Uni<Void> detach(String providerMethodId);

    /** Charges a payment method; {@code idempotencyKey} names this attempt, {@code reference} the invoice. */
    Uni<ChargeResult> charge(String idempotencyKey, Charge charge);

    /** The charge an earlier attempt made with this idempotency key, if the provider made one. */
    Uni<Optional<ChargeResult>> findCharge(String idempotencyKey, String reference);

    /** Refunds a charge in full. */
    Uni<RefundResult> refund(String idempotencyKey, String chargeId, String amount, String currency);

    /** Amounts travel as decimal strings in the currency's major unit ("10.00", "1000" for JPY), never as a double. */
    record Charge(String providerMethodId, String customerReference, String amount, String currency, String reference) {
    }

    /** A card as the provider describes it: never its number. */
    record CardOnFile(String providerMethodId, String brand, String last4, int expirationMonth, int expirationYear) {
    }

    enum Status {
        /** The money moved. */
        SUCCEEDED,
        /** The provider said no (declined card, insufficient funds, ...): nothing moved. */
        DECLINED,
        /** No definite answer: the money may have moved. */
        UNKNOWN
    }

    record ChargeResult(Status status, String chargeId, String code, String message) {
    }

    record RefundResult(Status status, String refundId, String code, String message) {
    }
}
