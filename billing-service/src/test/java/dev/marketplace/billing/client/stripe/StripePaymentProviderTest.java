package dev.marketplace.billing.client.stripe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import jakarta.inject.Inject;

import org.jboss.logmanager.ExtLogRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.marketplace.billing.client.Dependencies;
import dev.marketplace.billing.client.PaymentProvider;
import dev.marketplace.billing.client.PaymentProvider.CardOnFile;
import dev.marketplace.billing.client.PaymentProvider.Charge;
import dev.marketplace.billing.client.PaymentProvider.ChargeResult;
import dev.marketplace.billing.client.PaymentProvider.RefundResult;
import dev.marketplace.billing.client.PaymentProvider.Status;
import dev.marketplace.billing.client.stripe.StripeLoopback.Fault;
import dev.marketplace.billing.client.stripe.StripeLoopback.Request;
import dev.marketplace.common.error.ApiException;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import io.smallrye.faulttolerance.api.Guard;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;

/**
 * The Stripe adapter through Stripe's real Java SDK against a loopback that answers in Stripe's wire format
 * ({@link StripeLoopback}): what the SDK sends (key, idempotency key, form parameters, minor units), how each answer
 * maps to SUCCEEDED / DECLINED / UNKNOWN, that a charge is made once whatever is retried or repeated, that a lost
 * answer is found again, and that the API key and card tokens never reach the log. The provider's timeout (and its
 * guard's) is 1 s in this profile; the loopback holds an answer 1.5 s to pass it.
 */
@QuarkusTest
@TestProfile(StripePaymentProviderTest.StripeProfile.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StripePaymentProviderTest {
    private static final Duration WAIT = Duration.ofSeconds(15);
    private static final String CHARGES = "POST /v1/payment_intents";
    private static final List<String> LOG = new CopyOnWriteArrayList<>();
    private static final Handler CAPTURE = new Handler() {
        @Override
        public void publish(LogRecord record) {
            StringBuilder line = new StringBuilder(record.getLoggerName() + " " + record.getLevel() + " "
                    + (record instanceof ExtLogRecord ext ? ext.getFormattedMessage() : record.getMessage()));
            for (Throwable t = record.getThrown(); t != null; t = t.getCause()) {
                line.append(' ').append(t);
            }
            LOG.add(line.toString());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    /** Stripe is the provider; its key and base are the loopback's; 2 s timeout. */
    public static class StripeProfile implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("marketplace.billing.payment-provider.kind", "stripe",
                    "marketplace.billing.payment-provider.stripe.timeout", "2000ms",
                    "quarkus.fault-tolerance.\"stripe-idempotent\".timeout.value", "2000",
                    "quarkus.log.category.\"dev.marketplace.billing.client.stripe\".level", "DEBUG");
        }

        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(StripeLoopbackResource.class));
        }
    }

    @Inject
    @Identifier(StripePaymentProvider.KIND)
    PaymentProvider stripe;
    @Inject
    CircuitBreakerMaintenance breakers;
    @Inject
    Vertx vertx;
    /** Injected so that it is built, which registers its breaker's name before the first call. */
    @Inject
    @Identifier(Dependencies.STRIPE_IDEMPOTENT)
    Guard guard;

    @BeforeAll
    static void captureTheLog() {
        Logger.getLogger("").addHandler(CAPTURE);
    }

    @AfterAll
    static void stopCapturing() {
        Logger.getLogger("").removeHandler(CAPTURE);
    }

    @AfterEach
    void closedBreaker() {
        // the failures provoked here must not leave the next test facing an open breaker
        breakers.reset(Dependencies.STRIPE_IDEMPOTENT);
    }

    private static StripeLoopback loopback() {
        return StripeLoopbackResource.loopback();
    }

    private static <T> T await(Uni<T> uni) {
        return uni.await().atMost(WAIT);
    }

    private static String key() {
        return "pay-" + UUID.randomUUID();
    }

    private CardOnFile card(String token) {
        return await(stripe.attach(token, "acme/user-" + UUID.randomUUID()));
    }

    private static Request only(List<Request> requests) {
        assertEquals(1, requests.size(), requests.toString());
        return requests.get(0);
    }

    private static List<Request> chargesWith(String key) {
        return loopback().requests(CHARGES).stream().filter(r -> key.equals(r.header("Idempotency-Key"))).toList();
    }

    @Test
    @Order(1)
    void aTokenIsAttachedToANewCustomerAndTheCardDescribedWithoutItsNumber() {
        card("pm_card_mastercard"); // the SDK's first call loads its classes: not what is measured here
        String customer = "acme/user-" + UUID.randomUUID();
        int before = loopback().requests().size();
        CardOnFile card = await(stripe.attach("pm_card_visa", customer));

        assertEquals("visa", card.brand());
        assertEquals("4242", card.last4());
        assertEquals(12, card.expirationMonth());
        assertEquals(2034, card.expirationYear());
        assertTrue(card.providerMethodId().matches("cus_[A-Za-z0-9]+/pm_[A-Za-z0-9]+"), card.providerMethodId());
        assertFalse(card.providerMethodId().contains("pm_card_visa"), "Stripe's copy of the test method is kept");

        List<Request> made = loopback().requests().subList(before, loopback().requests().size());
        Request created = only(made.stream().filter(r -> r.route().equals("POST /v1/customers")).toList());
        assertEquals(customer, created.form().get("metadata[reference]"));
        Request attached = only(made.stream().filter(r -> r.route().equals("POST /v1/payment_methods/pm_card_visa/attach"))
                .toList());
        assertEquals(card.providerMethodId().split("/")[0], attached.form().get("customer"));
        for (Request request : made) {
            assertEquals("Bearer " + StripeLoopbackResource.API_KEY, request.header("Authorization"));
            assertNotNull(request.header("Idempotency-Key"), request.route());
            assertFalse(request.header("Idempotency-Key").contains("pm_card_visa"), "the key does not carry the token");
            assertNotNull(request.header("Stripe-Version"), "the SDK pins its API version");
            assertTrue(request.header("Content-Type").startsWith("application/x-www-form-urlencoded"));
        }

        // registering the same token again for the same customer replays Stripe's answers: the same card on file
        assertEquals(card, await(stripe.attach("pm_card_visa", customer)));
    }

    @Test
    @Order(2)
    void aCardTokenBecomesAPaymentMethodAndAnUnknownTokenIsA400WithoutIt() {
        CardOnFile card = card("tok_visa");
        assertEquals("4242", card.last4());
        Request made = loopback().requests("POST /v1/payment_methods").get(0);
        assertEquals("card", made.form().get("type"));
        assertEquals("tok_visa", made.form().get("card[token]"));

        ApiException refused = assertThrows(ApiException.class, () -> card("pm_unknownSecretToken"));
        assertEquals(400, refused.status());
        assertEquals("token: is not a card the payment provider accepts (resource_missing)", refused.getMessage());
    }

    @Test
    @Order(3)
    void chargesArePaymentIntentsConfirmedOffSessionInTheMinorUnitsOfEachCurrency() {
        CardOnFile card = card("pm_card_visa");
        String customer = card.providerMethodId().split("/")[0];
        String method = card.providerMethodId().split("/")[1];
        record Case(String amount, String currency, String minor, String sent) {
        }
        for (Case c : List.of(new Case("10.00", "USD", "1000", "usd"), new Case("19.99", "USD", "1999", "usd"),
                new Case("1000", "JPY", "1000", "jpy"), new Case("12.345", "KWD", "12340", "kwd"),
                new Case("7.250", "KWD", "7250", "kwd"))) {
            String key = key();
            String reference = "invoice-" + UUID.randomUUID();
            ChargeResult result = await(stripe.charge(key, new Charge(card.providerMethodId(), "acme", c.amount(),
                    c.currency(), reference)));
            assertEquals(Status.SUCCEEDED, result.status(), c + " " + result);
            assertTrue(result.chargeId().startsWith("pi_"), result.chargeId());

            Request sent = only(chargesWith(key));
            assertEquals("Bearer " + StripeLoopbackResource.API_KEY, sent.header("Authorization"));
            assertEquals(c.minor(), sent.form().get("amount"), c.toString());
            assertEquals(c.sent(), sent.form().get("currency"));
            assertEquals(customer, sent.form().get("customer"));
            assertEquals(method, sent.form().get("payment_method"));
            assertEquals("true", sent.form().get("confirm"));
            assertEquals("true", sent.form().get("off_session"));
            assertEquals("card", sent.form().get("payment_method_types[0]"));
            assertEquals(reference, sent.form().get("metadata[reference]"));
            assertEquals(key, sent.form().get("metadata[idempotency_key]"));
            List<ObjectNode> made = loopback().intentsFor(key);
            assertEquals(1, made.size());
            assertEquals(result.chargeId(), made.get(0).get("id").asText());
        }
    }

    @Test
    @Order(4)
    void aDeclinedCardIsDeclinedWithStripesDeclineCodeAndAnOffSessionAuthenticationToo() {
        String key = key();
        ChargeResult declined = await(stripe.charge(key, new Charge(card("pm_card_chargeDeclinedInsufficientFunds")
                .providerMethodId(), "acme", "25.00", "USD", "invoice-" + UUID.randomUUID())));
        assertEquals(Status.DECLINED, declined.status());
        assertEquals("insufficient_funds", declined.code());
        assertEquals("Your card has insufficient funds.", declined.message());
        assertTrue(declined.chargeId().startsWith("pi_"), "the failed PaymentIntent is named");
        assertEquals(1, chargesWith(key).size(), "a decline is an answer: not retried");

        ChargeResult generic = await(stripe.charge(key(), new Charge(card("pm_card_chargeDeclined").providerMethodId(),
                "acme", "25.00", "USD", "invoice-" + UUID.randomUUID())));
        assertEquals(Status.DECLINED, generic.status());
        assertEquals("generic_decline", generic.code());

        ChargeResult authentication = await(stripe.charge(key(), new Charge(card("pm_card_authenticationRequired")
                .providerMethodId(), "acme", "25.00", "USD", "invoice-" + UUID.randomUUID())));
        assertEquals(Status.DECLINED, authentication.status());
        assertEquals("authentication_required", authentication.code());
    }

    @Test
    @Order(5)
    void aRepeatedChargeWithTheSameKeyChargesOnce() {
        CardOnFile card = card("pm_card_visa");
        String key = key();
        Charge charge = new Charge(card.providerMethodId(), "acme", "42.00", "USD", "invoice-" + UUID.randomUUID());
        ChargeResult first = await(stripe.charge(key, charge));
        ChargeResult again = await(stripe.charge(key, charge));
        assertEquals(Status.SUCCEEDED, first.status());
        assertEquals(first, again, "Stripe replays the first answer");
        assertEquals(2, chargesWith(key).size(), "asked twice");
        assertEquals(1, loopback().intentsFor(key).size(), "charged once");
    }

    @Test
    @Order(6)
    void aServerErrorOrARateLimitIsUnknownAndTheLookupFindsNothingCharged() {
        CardOnFile card = card("pm_card_visa");
        for (Fault fault : List.of(Fault.SERVER_ERROR, Fault.RATE_LIMITED)) {
            String key = key();
            String reference = "invoice-" + UUID.randomUUID();
            loopback().failNext(CHARGES, fault, 2);
            ChargeResult result = await(stripe.charge(key, new Charge(card.providerMethodId(), "acme", "10.00", "USD",
                    reference)));
            assertEquals(Status.UNKNOWN, result.status(), fault + " " + result);
            assertNull(result.chargeId());
            assertEquals(2, chargesWith(key).size(), fault + ": tried again once, with the same key");
            assertTrue(loopback().intentsFor(key).isEmpty());
            assertEquals(Optional.empty(), await(stripe.findCharge(key, reference)), "nothing was charged");
        }
    }

    @Test
    @Order(7)
    void aTimeoutIsUnknownWithinTheTimeoutAndTheLookupFindsTheCharge() {
        CardOnFile card = card("pm_card_visa");
        String key = key();
        String reference = "invoice-" + UUID.randomUUID();
        // Stripe charges, but the request is still in progress after the 2 s timeout: the retry meets a 409
        loopback().holdMillis(3000);
        loopback().failNext(CHARGES, Fault.HOLD, 1);
        long start = System.nanoTime();
        ChargeResult result = await(stripe.charge(key, new Charge(card.providerMethodId(), "acme", "10.00", "USD",
                reference)));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(Status.UNKNOWN, result.status(), result.toString());
        assertTrue(millis >= 2000 && millis < 5000, "answered after the timeout, not the SDK's 80 s: " + millis + " ms");
        assertEquals(2, chargesWith(key).size(), "tried again once, with the same key");
        assertEquals(1, loopback().intentsFor(key).size());

        Optional<ChargeResult> found = await(stripe.findCharge(key, reference));
        assertEquals(Status.SUCCEEDED, found.orElseThrow().status());
        assertEquals(loopback().intentsFor(key).get(0).get("id").asText(), found.get().chargeId());
        Request search = loopback().requests("GET /v1/payment_intents/search").get(
                loopback().requests("GET /v1/payment_intents/search").size() - 1);
        assertEquals("metadata['idempotency_key']:'" + key + "' AND metadata['reference']:'" + reference + "'",
                search.form().get("query"));
        // another invoice's reference with this key is not this charge
        assertEquals(Optional.empty(), await(stripe.findCharge(key, "invoice-other")));
    }

    @Test
    @Order(8)
    void aLostAnswerIsAskedAgainWithTheSameKeyAndChargedOnceAndAnswersLostForGoodAreFoundByTheLookup() {
        CardOnFile card = card("pm_card_visa");
        String once = key();
        loopback().failNext(CHARGES, Fault.LOSE_ANSWER, 1);
        ChargeResult replayed = await(stripe.charge(once, new Charge(card.providerMethodId(), "acme", "10.00", "USD",
                "invoice-" + UUID.randomUUID())));
        assertEquals(Status.SUCCEEDED, replayed.status(), "the retry gets the first answer again");
        assertEquals(2, chargesWith(once).size());
        assertEquals(1, loopback().intentsFor(once).size(), "charged once");

        // the JDK's HttpURLConnection under the SDK sends a POST whose connection dropped once more by itself (same
        // headers, so the same key), and the guard once more: four answers lost leave no definite answer
        String lostKey = key();
        String reference = "invoice-" + UUID.randomUUID();
        loopback().failNext(CHARGES, Fault.LOSE_ANSWER, 4);
        ChargeResult lost = await(stripe.charge(lostKey, new Charge(card.providerMethodId(), "acme", "10.00", "USD",
                reference)));
        assertEquals(Status.UNKNOWN, lost.status());
        assertEquals(4, chargesWith(lostKey).size());
        ChargeResult found = await(stripe.findCharge(lostKey, reference)).orElseThrow();
        assertEquals(Status.SUCCEEDED, found.status());
        assertEquals(loopback().intentsFor(lostKey).get(0).get("id").asText(), found.chargeId());
        assertEquals(1, loopback().intentsFor(lostKey).size(), "charged once");
    }

    @Test
    @Order(9)
    void theLookupMapsADeclineAndFailsRatherThanAnswerNothingWhenStripeCannotSay() {
        String key = key();
        String reference = "invoice-" + UUID.randomUUID();
        await(stripe.charge(key, new Charge(card("pm_card_chargeDeclined").providerMethodId(), "acme", "5.00", "USD",
                reference)));
        ChargeResult found = await(stripe.findCharge(key, reference)).orElseThrow();
        assertEquals(Status.DECLINED, found.status());
        assertEquals("generic_decline", found.code());

        loopback().failNext("GET /v1/payment_intents/search", Fault.SERVER_ERROR, 2);
        ApiException unavailable = assertThrows(ApiException.class, () -> await(stripe.findCharge(key, reference)));
        assertEquals(503, unavailable.status());
        assertEquals("PAYMENT_PROVIDER_UNAVAILABLE", unavailable.code());
    }

    @Test
    @Order(10)
    void aRefundSucceedsOnceAndAFailedOrRefusedOneIsDeclinedWithTheReason() {
        CardOnFile card = card("pm_card_visa");
        ChargeResult charged = await(stripe.charge(key(), new Charge(card.providerMethodId(), "acme", "12.345", "KWD",
                "invoice-" + UUID.randomUUID())));
        String refundKey = "refund-" + UUID.randomUUID();
        RefundResult refunded = await(stripe.refund(refundKey, charged.chargeId(), "12.345", "KWD"));
        assertEquals(Status.SUCCEEDED, refunded.status(), refunded.toString());
        assertTrue(refunded.refundId().startsWith("re_"));
        Request sent = only(loopback().requests("POST /v1/refunds").stream()
                .filter(r -> refundKey.equals(r.header("Idempotency-Key"))).toList());
        assertEquals(charged.chargeId(), sent.form().get("payment_intent"));
        assertEquals("12340", sent.form().get("amount"), "the amount charged, in minor units");

        // the same key again replays the refund; another key is refused by Stripe: already refunded
        assertEquals(refunded, await(stripe.refund(refundKey, charged.chargeId(), "12.345", "KWD")));
        RefundResult again = await(stripe.refund("refund-" + UUID.randomUUID(), charged.chargeId(), "12.345", "KWD"));
        assertEquals(Status.DECLINED, again.status());
        assertEquals("charge_already_refunded", again.code());
        assertTrue(again.message().contains("has already been refunded"), again.message());

        ChargeResult failing = await(stripe.charge(key(), new Charge(card("pm_card_refundFail").providerMethodId(),
                "acme", "30.00", "USD", "invoice-" + UUID.randomUUID())));
        RefundResult failed = await(stripe.refund("refund-" + UUID.randomUUID(), failing.chargeId(), "30.00", "USD"));
        assertEquals(Status.DECLINED, failed.status());
        assertEquals("expired_or_canceled_card", failed.code());

        loopback().failNext("POST /v1/refunds", Fault.SERVER_ERROR, 2);
        ChargeResult other = await(stripe.charge(key(), new Charge(card.providerMethodId(), "acme", "30.00", "USD",
                "invoice-" + UUID.randomUUID())));
        assertEquals(Status.UNKNOWN, await(stripe.refund("refund-" + UUID.randomUUID(), other.chargeId(), "30.00", "USD"))
                .status());
    }

    @Test
    @Order(11)
    void aDetachedCardIsDetachedAtStripeAndDetachingAgainIsNoError() {
        CardOnFile card = card("pm_card_visa");
        String method = card.providerMethodId().split("/")[1];
        await(stripe.detach(card.providerMethodId()));
        await(stripe.detach(card.providerMethodId()));
        assertEquals(2, loopback().requests("POST /v1/payment_methods/" + method + "/detach").size());
        ChargeResult refused = await(stripe.charge(key(), new Charge(card.providerMethodId(), "acme", "1.00", "USD",
                "invoice-" + UUID.randomUUID())));
        assertEquals(Status.DECLINED, refused.status(), "a detached card is refused by Stripe");
    }

    @Test
    @Order(12)
    void anAmountTheCurrencyCannotHoldIsRefusedBeforeStripeIsAsked() {
        String key = key();
        ChargeResult refused = await(stripe.charge(key, new Charge(card("pm_card_visa").providerMethodId(), "acme",
                "10.5", "JPY", "invoice-" + UUID.randomUUID())));
        assertEquals(Status.DECLINED, refused.status());
        assertEquals("invalid_amount", refused.code());
        assertTrue(chargesWith(key).isEmpty());
    }

    @Test
    @Order(13)
    void theAnswerOfABlockingSdkCallComesBackOnTheCallersVertxContext() throws Exception {
        CardOnFile card = card("pm_card_visa");
        Charge charge = new Charge(card.providerMethodId(), "acme", "3.00", "USD", "invoice-" + UUID.randomUUID());
        Context context = vertx.getOrCreateContext();
        CompletableFuture<String> where = new CompletableFuture<>();
        context.runOnContext(started -> stripe.charge(key(), charge).subscribe().with(
                result -> where.complete(result.status() + " " + (Vertx.currentContext() == context) + " "
                        + Context.isOnEventLoopThread()),
                where::completeExceptionally));
        // a reactive transaction of the caller can go on with the answer: same context, on its event loop
        assertEquals("SUCCEEDED true true", where.get(15, TimeUnit.SECONDS));
    }

    @Test
    @Order(100)
    void neitherTheApiKeyNorATokenEverReachedTheLog() {
        List<String> log = List.copyOf(LOG);
        assertTrue(log.stream().anyMatch(line -> line.contains("Stripe charge") && line.contains("no definite answer")),
                "the capture saw the provider's warnings: " + log.size() + " lines");
        for (String line : log) {
            assertFalse(line.contains(StripeLoopbackResource.API_KEY), line);
            assertFalse(line.contains("sk_test_"), line);
            assertFalse(line.matches("(?s).*\\b(pm|tok)_[A-Za-z0-9]+.*"), line);
        }
    }
}
