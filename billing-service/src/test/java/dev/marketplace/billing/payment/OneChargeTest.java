package dev.marketplace.billing.payment;

import static dev.marketplace.billing.BillingFixtures.BY_CARD;
import static dev.marketplace.billing.BillingFixtures.activate;
import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.buyer;
import static dev.marketplace.billing.BillingFixtures.cardOnFile;
import static dev.marketplace.billing.BillingFixtures.invoicesOfOrder;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.order;
import static dev.marketplace.billing.BillingFixtures.sql;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.billing.FakeCatalog;
import dev.marketplace.billing.PaymentGatewayResource;
import dev.marketplace.billing.payment.service.PaymentReconciliation;
import dev.marketplace.billing.payment.service.PaymentService;
import dev.marketplace.common.observability.RowCountGauges;
import dev.marketplace.testkit.DomainEvents;
import dev.marketplace.testkit.SandboxPaymentGateway;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

/**
 * Exactly one charge per invoice against a real HTTP sandbox provider: a charge whose answer is lost (the provider takes
 * the money, then answers past billing's timeout, then answers every look-up) is looked up, never made again; a charge
 * the provider never made is sent again with the same key. The job runs at the time the test says (a clock moved past
 * the grace), never after a sleep.
 */
@QuarkusTest
class OneChargeTest {
    /** marketplace.billing.payments.pending-grace's default. */
    private static final Duration GRACE = Duration.ofSeconds(30);

    private final String partner = newPartner();
    private final UUID company = UUID.randomUUID();
    private final UUID user = UUID.randomUUID();

    @Inject
    PaymentReconciliation reconciliation;
    @Inject
    PaymentService payments;
    @Inject
    RowCountGauges gauges;

    /** payments_pending_stale on /q/metrics, counted now. */
    private double stalePendingPayments() {
        gauges.refresh().await().atMost(Duration.ofSeconds(10));
        String metrics = io.restassured.RestAssured.given().get("/q/metrics").then().statusCode(200).extract().asString();
        return metrics.lines().filter(l -> l.startsWith("payments_pending_stale ") || l.startsWith("payments_pending_stale{"))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).findFirst()
                .orElseThrow(() -> new AssertionError("no payments_pending_stale in /q/metrics"));
    }

    private int unpaidInvoice() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        JsonPath order = asPartner(partner).body(order(product, 5)).post(buyer(partner, company, user)).then().statusCode(201)
                .extract().jsonPath();
        activate(partner, order.getString("id"), "acct-" + UUID.randomUUID());
        return invoicesOfOrder(partner, order.getLong("orderId")).get(0);
    }

    /** Runs reactive work as the scheduler does: on a Vert.x context, waiting for its end. */
    private static <T> T onVertx(java.util.function.Supplier<io.smallrye.mutiny.Uni<T>> work) {
        try {
            return io.quarkus.vertx.VertxContextSupport.subscribeAndAwait(work);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    private static String pay(int invoice) {
        return "/api/billing/v1/invoices/" + invoice + "/payments";
    }

    private List<JsonNode> charges(int invoice) {
        return PaymentGatewayResource.gateway().charges().stream()
                .filter(c -> c.path("reference").asText().startsWith(partner + "/invoice/" + invoice + "/")).toList();
    }

    private String invoiceStatus(int invoice) {
        return asPartner(partner).get("/api/billing/v1/invoices/" + invoice).then().statusCode(200).extract().path("status");
    }

    @Test
    void aChargeWhoseAnswerIsLostIsLookedUpAndTheCardIsChargedOnce() {
        int invoice = unpaidInvoice();
        cardOnFile(partner, company, user, SandboxPaymentGateway.LATE_ANSWER);
        // the provider charges, then holds its answer past billing's timeout (and its retry's): no definite answer
        int payment = asPartner(partner).body(BY_CARD).post(pay(invoice)).then().statusCode(200)
                .body("result", equalTo("PENDING")).extract().path("id");
        assertEquals("UNPAID", invoiceStatus(invoice));
        assertEquals(1, charges(invoice).size(), "the retry with the same key charged nothing more");
        // while it is PENDING, paying again is refused: it could charge the card a second time
        asPartner(partner).body(BY_CARD).post(pay(invoice)).then().statusCode(409).body("code", equalTo("PAYMENT_PENDING"));
        // before the grace has passed the job leaves it to its own call
        onVertx(() -> reconciliation.reconcile(Instant.now()));
        asPartner(partner).get("/api/billing/v1/payments/" + payment).then().body("result", equalTo("PENDING"));

        // the job, once the grace has passed: the look-up finds the charge
        onVertx(() -> reconciliation.reconcile(Instant.now().plus(GRACE).plusSeconds(1)));
        asPartner(partner).get("/api/billing/v1/payments/" + payment).then().body("result", equalTo("SUCCESSFUL"))
                .body("transactionId", equalTo(charges(invoice).get(0).path("id").asText()));
        assertEquals("PAID", invoiceStatus(invoice));
        assertEquals(1, charges(invoice).size(), "charged exactly once");
        asPartner(partner).body(BY_CARD).post(pay(invoice)).then().statusCode(409).body("code", equalTo("INVOICE_NOT_PAYABLE"));
        JsonNode paid = DomainEvents.await(e -> "INVOICE_PAYMENT_SUCCEEDED".equals(e.path("type").asText())
                && partner.equals(e.path("partner").asText()), Duration.ofSeconds(30));
        assertEquals("PAYMENT_SUCCESSFUL", paid.path("payload").path("notifications").path(0).path("type").asText());
        assertEquals(1, sql("select count(*) from payment where partner = ? and invoice_number = ?", partner, invoice));
    }

    @Test
    void aPayCallPastTheGraceLooksTheLostChargeUpBeforeCharging() {
        int invoice = unpaidInvoice();
        cardOnFile(partner, company, user, SandboxPaymentGateway.LATE_ANSWER);
        int payment = asPartner(partner).body(BY_CARD).post(pay(invoice)).then().statusCode(200)
                .body("result", equalTo("PENDING")).extract().path("id");
        // the payment's grace has passed (its check is due): the next pay call looks the charge up first
        sql("update payment set next_check = now() - interval '1 second' where id = ?", (long) payment);
        asPartner(partner).body(BY_CARD).post(pay(invoice)).then().statusCode(409).body("code", equalTo("INVOICE_NOT_PAYABLE"));
        assertEquals("PAID", invoiceStatus(invoice));
        asPartner(partner).get("/api/billing/v1/payments/" + payment).then().body("result", equalTo("SUCCESSFUL"));
        assertEquals(1, charges(invoice).size());
    }

    @Test
    void aChargeTheProviderNeverMadeIsSentAgainWithTheSameKey() {
        int invoice = unpaidInvoice();
        cardOnFile(partner, company, user, SandboxPaymentGateway.UNREACHABLE);
        int payment = asPartner(partner).body(BY_CARD).post(pay(invoice)).then().statusCode(200)
                .body("result", equalTo("PENDING")).extract().path("id");
        assertEquals(0, charges(invoice).size());
        // a payment whose outcome is still unknown after half an hour is counted for the operator (an alert pages)
        double stale = stalePendingPayments();
        sql("update payment set date = now() - interval '31 minutes' where id = ?", (long) payment);
        assertEquals(stale + 1, stalePendingPayments(), "the payment pending for 31 minutes is counted");
        // the provider can be reached again (the charge names a card the sandbox answers)
        cardOnFile(partner, company, user, SandboxPaymentGateway.APPROVED);
        sql("update payment p set provider_method_id = m.provider_method_id from payment_method m where p.id = ? "
                + "and m.partner = p.partner and m.is_default", (long) payment);
        onVertx(() -> reconciliation.reconcile(Instant.now().plus(GRACE).plusSeconds(1)));
        assertEquals("PAID", invoiceStatus(invoice));
        assertEquals(1, charges(invoice).size());
        // the same attempt's key: the first attempt, never a new one
        assertEquals(1, sql("select count(*) from payment where id = ? and result = 'SUCCESSFUL' and provider_key = ?",
                (long) payment, partner + "-invoice-" + invoice + "-attempt-0"));
        assertEquals(stale, stalePendingPayments(), "settled, it is no longer counted");
    }

    @Test
    void collectionChargesTheBuyersDefaultCardWithoutACaller() {
        int noCard = unpaidInvoice();
        assertEquals(PaymentService.Collected.NO_CARD_ON_FILE,
                onVertx(() -> payments.collect(partner, noCard)).outcome());
        DomainEvents.await(e -> "INVOICE_PAYMENT_CARD_REQUIRED".equals(e.path("type").asText())
                && partner.equals(e.path("partner").asText()), Duration.ofSeconds(30));
        cardOnFile(partner, company, user, SandboxPaymentGateway.DECLINED);
        PaymentService.Collection declined = onVertx(() -> payments.collect(partner, noCard));
        assertEquals(PaymentService.Collected.FAILED, declined.outcome());
        assertEquals("FAILED", declined.payment().result());
        cardOnFile(partner, company, user, SandboxPaymentGateway.APPROVED);
        PaymentService.Collection paid = onVertx(() -> payments.collect(partner, noCard));
        assertEquals(PaymentService.Collected.SUCCESSFUL, paid.outcome());
        assertEquals(user.toString(), paid.payment().user().id(), "the buyer paid");
        assertEquals("PAID", invoiceStatus(noCard));
        assertEquals(PaymentService.Collected.NOT_PAYABLE,
                onVertx(() -> payments.collect(partner, noCard)).outcome());
        assertEquals(2, charges(noCard).size());
    }
}
