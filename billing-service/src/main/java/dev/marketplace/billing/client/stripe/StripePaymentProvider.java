package dev.marketplace.billing.client.stripe;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.eclipse.microprofile.faulttolerance.Fallback;
import org.jboss.logging.Logger;

import com.stripe.StripeClient;
import com.stripe.exception.CardException;
import com.stripe.exception.IdempotencyException;
import com.stripe.exception.InvalidRequestException;
import com.stripe.exception.StripeException;
import com.stripe.model.Customer;
import com.stripe.model.PaymentIntent;
import com.stripe.model.PaymentMethod;
import com.stripe.model.Refund;
import com.stripe.model.StripeError;
import com.stripe.net.RequestOptions;
import com.stripe.param.CustomerCreateParams;
import com.stripe.param.PaymentIntentCreateParams;
import com.stripe.param.PaymentIntentSearchParams;
import com.stripe.param.PaymentMethodAttachParams;
import com.stripe.param.PaymentMethodCreateParams;
import com.stripe.param.RefundCreateParams;

import dev.marketplace.billing.client.Dependencies;
import dev.marketplace.billing.client.PaymentProvider;
import dev.marketplace.billing.config.BillingConfig;
import dev.marketplace.common.client.ServiceUnavailable;
import dev.marketplace.common.error.ApiException;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.faulttolerance.api.ApplyGuard;
import io.smallrye.faulttolerance.api.AsynchronousNonBlocking;
import io.smallrye.mutiny.Uni;

/**
 * The card provider Stripe, through its official Java SDK ({@code com.stripe:stripe-java}), an instance
 * {@link StripeClient} built from {@code marketplace.billing.payment-provider.stripe} (no global state of the SDK is
 * touched). The SDK blocks: every call runs on a worker thread and answers on the caller's Vert.x context, under the
 * one guard of the dependency ({@link Dependencies#STRIPE_IDEMPOTENT}: timeout, one retry with the same idempotency key,
 * breaker). The SDK's own retries are off, so that guard is the only retry policy.
 * <ul>
 * <li>A card on file is a Stripe Customer (one per card, its metadata naming our customer reference) with the
 * PaymentMethod attached; its {@code providerMethodId} is {@code cus_.../pm_...}: opaque to callers, and a provider
 * token, so it is stored like one and never shown or logged.</li>
 * <li>A charge is a PaymentIntent confirmed off-session at once, in Stripe's minor units ({@link StripeAmounts}),
 * carrying our reference and idempotency key in its metadata and the key as Stripe's {@code Idempotency-Key}: Stripe
 * answers a repeated key with the first answer, so a retried charge charges once.</li>
 * <li>Answers: {@code succeeded} → SUCCEEDED; a card error (402) or a refused request (400/404) → DECLINED with
 * Stripe's decline code; {@code requires_action} / {@code requires_payment_method} → DECLINED (the card's last error,
 * else {@code authentication_required}); a connection failure, a timeout, a 5xx, a 429, our key refused or an
 * idempotency error → UNKNOWN, resolved by {@link #findCharge} (the mapping is {@link StripeAnswers}).</li>
 * <li>{@link #findCharge} searches PaymentIntents by the metadata. Stripe's search is eventually consistent (a new
 * PaymentIntent is usually searchable within a minute): an empty answer soon after a lost one is no proof that nothing
 * was charged, so a caller charges again with the same idempotency key (Stripe replays it for 24 hours), never a new
 * one.</li>
 * </ul>
 * Neither the API key, nor a card token, nor a {@code pm_} id is ever logged.
 */
@ApplicationScoped
@Identifier(StripePaymentProvider.KIND)
public class StripePaymentProvider implements PaymentProvider {
    /** The value of {@code marketplace.billing.payment-provider.kind} that selects this provider. */
    public static final String KIND = "stripe";
    /** Metadata of a PaymentIntent: our reference (the invoice) and the attempt's idempotency key. */
    static final String METADATA_REFERENCE = "reference";
    static final String METADATA_IDEMPOTENCY_KEY = "idempotency_key";
    /** What a refused token, a dropped connection or an unknown outcome is answered with. */
    static final String UNAVAILABLE = "PAYMENT_PROVIDER_UNAVAILABLE";

    private static final Logger LOG = Logger.getLogger(StripePaymentProvider.class);
    private static final int CONNECT_TIMEOUT_MILLIS = 2000;

    private final String kind;
    /** Absent when no API key is configured: a sandbox marketplace starts without one. */
    private final Optional<StripeClient> stripe;

    public StripePaymentProvider(BillingConfig config) {
        BillingConfig.PaymentProvider provider = config.paymentProvider();
        BillingConfig.PaymentProvider.Stripe settings = provider.stripe();
        this.kind = provider.kind();
        int timeout = (int) Math.min(Integer.MAX_VALUE, settings.timeout().toMillis());
        this.stripe = settings.apiKey().filter(key -> !key.isBlank()).map(key -> StripeClient.builder()
                .setApiKey(key)
                .setApiBase(trimmed(settings.apiBase().toString()))
                .setConnectTimeout(Math.min(CONNECT_TIMEOUT_MILLIS, timeout))
                .setReadTimeout(timeout)
                .setMaxNetworkRetries(0)
                .build());
    }

    /** A marketplace configured for Stripe does not start without its key; any other kind never needs one. */
    void refuseToStartWithoutKey(@Observes StartupEvent started) {
        if (KIND.equals(kind) && stripe.isEmpty()) {
            throw new IllegalStateException("marketplace.billing.payment-provider.kind is stripe but no API key is set "
                    + "(STRIPE_API_KEY)");
        }
    }

    @Override
    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.STRIPE_IDEMPOTENT)
    @Fallback(fallbackMethod = "attachUnavailable", skipOn = ApiException.class)
    public Uni<CardOnFile> attach(String token, String customerReference) {
        return StripeCalls.blocking(() -> attachNow(token, customerReference));
    }

    @Override
    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.STRIPE_IDEMPOTENT)
    @Fallback(fallbackMethod = "detachUnavailable", skipOn = ApiException.class)
    public Uni<Void> detach(String providerMethodId) {
        return StripeCalls.blocking(() -> detachNow(providerMethodId));
    }

    @Override
    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.STRIPE_IDEMPOTENT)
    @Fallback(fallbackMethod = "chargeUnknown")
    public Uni<ChargeResult> charge(String idempotencyKey, Charge charge) {
        return StripeCalls.blocking(() -> chargeNow(idempotencyKey, charge));
    }

    @Override
    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.STRIPE_IDEMPOTENT)
    @Fallback(fallbackMethod = "findUnavailable", skipOn = ApiException.class)
    public Uni<Optional<ChargeResult>> findCharge(String idempotencyKey, String reference) {
        return StripeCalls.blocking(() -> findChargeNow(idempotencyKey, reference));
    }

    @Override
    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.STRIPE_IDEMPOTENT)
    @Fallback(fallbackMethod = "refundUnknown")
    public Uni<RefundResult> refund(String idempotencyKey, String chargeId, String amount, String currency) {
        return StripeCalls.blocking(() -> refundNow(idempotencyKey, chargeId, amount, currency));
    }

    private CardOnFile attachNow(String token, String customerReference) {
        if (token == null || token.isBlank()) {
            throw ApiException.invalidField("token", "must be a Stripe PaymentMethod id (pm_...) or card token (tok_...)");
        }
        // the same token registered again for the same customer replays Stripe's first answers
        String key = "attach-" + sha256(customerReference + "\n" + token);
        try {
            String methodId = token;
            if (token.startsWith("tok_")) {
                methodId = client().v1().paymentMethods().create(PaymentMethodCreateParams.builder()
                        .setType(PaymentMethodCreateParams.Type.CARD)
                        .setCard(PaymentMethodCreateParams.Token.builder().setToken(token).build())
                        .build(), StripeCalls.keyed(key + "-method")).getId();
            }
            Customer customer = client().v1().customers().create(CustomerCreateParams.builder()
                    .putMetadata(METADATA_REFERENCE, customerReference).build(), StripeCalls.keyed(key + "-customer"));
            PaymentMethod method = client().v1().paymentMethods().attach(methodId,
                    PaymentMethodAttachParams.builder().setCustomer(customer.getId()).build(), StripeCalls.keyed(key + "-attach"));
            PaymentMethod.Card card = method.getCard();
            if (card == null) {
                throw ApiException.invalidField("token", "is not a card");
            }
            LOG.infof("Stripe card on file for %s: %s ending %s", customerReference, card.getBrand(), card.getLast4());
            return new CardOnFile(customer.getId() + "/" + method.getId(), card.getBrand(), card.getLast4(),
                    toInt(card.getExpMonth()), toInt(card.getExpYear()));
        } catch (CardException | InvalidRequestException e) {
            // the token is unknown, used, or its card refused: the client's to fix; Stripe's text may name the token
            throw ApiException.invalidField("token", "is not a card the payment provider accepts (" + StripeMessages.codeOf(e) + ")");
        } catch (StripeException e) {
            throw StripeAnswers.unavailable("attach for " + customerReference, e);
        }
    }

    private Void detachNow(String providerMethodId) {
        try {
            client().v1().paymentMethods().detach(MethodReference.parse(providerMethodId).paymentMethod());
        } catch (InvalidRequestException e) {
            // already detached, or unknown there: nothing of this card is on file at Stripe any more
            LOG.debugf("Stripe detach: nothing attached (%s)", StripeMessages.codeOf(e));
        } catch (StripeException e) {
            throw StripeAnswers.unavailable("detach", e);
        }
        return null;
    }

    private ChargeResult chargeNow(String idempotencyKey, Charge charge) {
        long amount;
        String currency;
        try {
            amount = StripeAmounts.minorUnits(charge.amount(), charge.currency());
            currency = StripeAmounts.currencyParameter(charge.currency());
        } catch (IllegalArgumentException e) {
            return new ChargeResult(Status.DECLINED, null, "invalid_amount", e.getMessage());
        }
        MethodReference method = MethodReference.parse(charge.providerMethodId());
        PaymentIntentCreateParams.Builder params = PaymentIntentCreateParams.builder()
                .setAmount(amount).setCurrency(currency)
                .setPaymentMethod(method.paymentMethod())
                // a card only: other methods may want a redirect, which an off-session charge cannot follow
                .addPaymentMethodType("card")
                .setConfirm(true).setOffSession(true)
                .putMetadata(METADATA_REFERENCE, charge.reference())
                .putMetadata(METADATA_IDEMPOTENCY_KEY, idempotencyKey);
        method.customer().ifPresent(params::setCustomer);
        try {
            PaymentIntent intent = client().v1().paymentIntents().create(params.build(), StripeCalls.keyed(idempotencyKey));
            ChargeResult result = StripeAnswers.outcome(intent);
            LOG.infof("Stripe charge %s for %s: %s %s", idempotencyKey, charge.reference(), result.status(),
                    intent.getId());
            return result;
        } catch (CardException e) {
            StripeError error = e.getStripeError();
            String intentId = error == null || error.getPaymentIntent() == null ? null : error.getPaymentIntent().getId();
            LOG.infof("Stripe charge %s for %s: declined (%s)", idempotencyKey, charge.reference(), StripeMessages.codeOf(e));
            return new ChargeResult(Status.DECLINED, intentId, StripeMessages.codeOf(e), StripeMessages.messageOf(e));
        } catch (IdempotencyException e) {
            // the key was used with other parameters: what it charged, if anything, is for findCharge to say
            LOG.warnf("Stripe charge %s for %s: idempotency error (%s)", idempotencyKey, charge.reference(), StripeMessages.codeOf(e));
            return new ChargeResult(Status.UNKNOWN, null, "idempotency_error", StripeMessages.messageOf(e));
        } catch (InvalidRequestException e) {
            // refused before any money moved (a method no longer attached, an amount below Stripe's minimum...)
            LOG.infof("Stripe charge %s for %s: refused (%s)", idempotencyKey, charge.reference(), StripeMessages.codeOf(e));
            return new ChargeResult(Status.DECLINED, null, StripeMessages.codeOf(e), StripeMessages.messageOf(e));
        } catch (StripeException e) {
            throw StripeAnswers.unavailable("charge " + idempotencyKey, e);
        }
    }

    private Optional<ChargeResult> findChargeNow(String idempotencyKey, String reference) {
        String query = "metadata['" + METADATA_IDEMPOTENCY_KEY + "']:'" + quoted(idempotencyKey) + "' AND metadata['"
                + METADATA_REFERENCE + "']:'" + quoted(reference) + "'";
        try {
            var found = client().v1().paymentIntents().search(PaymentIntentSearchParams.builder().setQuery(query)
                    .setLimit(10L).build(), RequestOptions.builder().build());
            Optional<ChargeResult> result = found.getData().stream()
                    .filter(intent -> intent.getMetadata() != null
                            && idempotencyKey.equals(intent.getMetadata().get(METADATA_IDEMPOTENCY_KEY))
                            && Objects.equals(reference, intent.getMetadata().get(METADATA_REFERENCE)))
                    // one key makes one PaymentIntent; should there be more, a success wins, then the newest
                    .max(Comparator.comparing((PaymentIntent intent) -> "succeeded".equals(intent.getStatus()))
                            .thenComparing(intent -> intent.getCreated() == null ? 0L : intent.getCreated()))
                    .map(StripeAnswers::outcome);
            LOG.infof("Stripe lookup of charge %s for %s: %s", idempotencyKey, reference,
                    result.map(r -> r.status() + " " + r.chargeId()).orElse("none"));
            return result;
        } catch (StripeException e) {
            throw StripeAnswers.unavailable("lookup of charge " + idempotencyKey, e);
        }
    }

    private RefundResult refundNow(String idempotencyKey, String chargeId, String amount, String currency) {
        long minor;
        try {
            minor = StripeAmounts.minorUnits(amount, currency);
        } catch (IllegalArgumentException e) {
            return new RefundResult(Status.DECLINED, null, "invalid_amount", e.getMessage());
        }
        try {
            Refund refund = client().v1().refunds().create(RefundCreateParams.builder().setPaymentIntent(chargeId)
                    .setAmount(minor).putMetadata(METADATA_IDEMPOTENCY_KEY, idempotencyKey).build(),
                    StripeCalls.keyed(idempotencyKey));
            RefundResult result = StripeAnswers.refundOutcome(refund);
            LOG.infof("Stripe refund %s of %s: %s %s", idempotencyKey, chargeId, result.status(), refund.getId());
            return result;
        } catch (IdempotencyException e) {
            LOG.warnf("Stripe refund %s of %s: idempotency error (%s)", idempotencyKey, chargeId, StripeMessages.codeOf(e));
            return new RefundResult(Status.UNKNOWN, null, "idempotency_error", StripeMessages.messageOf(e));
        } catch (CardException | InvalidRequestException e) {
            // Stripe says no (already refunded, amount above what is left, unknown charge): nothing moved
            LOG.infof("Stripe refund %s of %s: refused (%s)", idempotencyKey, chargeId, StripeMessages.codeOf(e));
            return new RefundResult(Status.DECLINED, null, StripeMessages.codeOf(e), StripeMessages.messageOf(e));
        } catch (StripeException e) {
            throw StripeAnswers.unavailable("refund " + idempotencyKey, e);
        }
    }

    Uni<CardOnFile> attachUnavailable(String token, String customerReference, Throwable failure) {
        LOG.warnf("Stripe attach for %s failed: %s", customerReference, StripeAnswers.describe(failure));
        return Uni.createFrom().failure(ServiceUnavailable.of(UNAVAILABLE, "The payment provider"));
    }

    Uni<Void> detachUnavailable(String providerMethodId, Throwable failure) {
        LOG.warnf("Stripe detach failed: %s", StripeAnswers.describe(failure));
        return Uni.createFrom().failure(ServiceUnavailable.of(UNAVAILABLE, "The payment provider"));
    }

    Uni<ChargeResult> chargeUnknown(String idempotencyKey, Charge charge, Throwable failure) {
        LOG.warnf("Stripe charge %s for %s has no definite answer: %s", idempotencyKey, charge.reference(),
                StripeAnswers.describe(failure));
        return Uni.createFrom().item(new ChargeResult(Status.UNKNOWN, null, UNAVAILABLE,
                "The payment provider gave no definite answer; the charge is looked up by its idempotency key"));
    }

    Uni<Optional<ChargeResult>> findUnavailable(String idempotencyKey, String reference, Throwable failure) {
        LOG.warnf("Stripe lookup of charge %s for %s failed: %s", idempotencyKey, reference,
                StripeAnswers.describe(failure));
        // never "no charge": that is an answer only Stripe can give
        return Uni.createFrom().failure(ServiceUnavailable.of(UNAVAILABLE, "The payment provider"));
    }

    Uni<RefundResult> refundUnknown(String idempotencyKey, String chargeId, String amount, String currency,
            Throwable failure) {
        LOG.warnf("Stripe refund %s of %s has no definite answer: %s", idempotencyKey, chargeId,
                StripeAnswers.describe(failure));
        return Uni.createFrom().item(new RefundResult(Status.UNKNOWN, null, UNAVAILABLE,
                "The payment provider gave no definite answer"));
    }

    private StripeClient client() {
        return stripe.orElseThrow(() -> new StripeAnswers.NotConfigured());
    }

    /** A value inside single quotes of Stripe's search query language. */
    private static String quoted(String value) {
        return String.valueOf(value).replace("\\", "\\\\").replace("'", "\\'");
    }

    private static String trimmed(String base) {
        return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }

    private static int toInt(Long value) {
        return value == null ? 0 : value.intValue();
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

}
