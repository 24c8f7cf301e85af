package dev.marketplace.billing.collection;

import static dev.marketplace.billing.BillingFixtures.BY_CARD;
import static dev.marketplace.billing.BillingFixtures.activate;
import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.awaitStatus;
import static dev.marketplace.billing.BillingFixtures.buyer;
import static dev.marketplace.billing.BillingFixtures.cardOnFile;
import static dev.marketplace.billing.BillingFixtures.invoicesOfOrder;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.order;
import static dev.marketplace.billing.BillingFixtures.publishResult;
import static dev.marketplace.billing.BillingFixtures.race;
import static dev.marketplace.billing.BillingFixtures.sql;
import static dev.marketplace.billing.BillingFixtures.with;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.billing.FakeCatalog;
import dev.marketplace.billing.PaymentGatewayResource;
import dev.marketplace.billing.collection.service.InvoiceCollections;
import dev.marketplace.billing.payment.service.PaymentReconciliation;
import dev.marketplace.testkit.DomainEvents;
import dev.marketplace.testkit.SandboxPaymentGateway;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.smallrye.mutiny.Uni;

/**
 * Collection on the due date and dunning, through the API a marketplace uses: its test clock is moved (never a sleep)
 * and the jobs' DueWork runs what became due; the sandbox provider is a real HTTP server whose test cards approve,
 * decline or answer late. Retry schedule: the default 1d, 3d, 7d after the due date (payment terms 14d).
 */
@QuarkusTest
class CollectionTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    private final String partner = newPartner();
    private final UUID company = UUID.randomUUID();
    private final UUID user = UUID.randomUUID();

    @Inject
    InvoiceCollections collections;
    @Inject
    PaymentReconciliation reconciliation;

    private record Ordered(String subscriptionId, int invoice) {
    }

    private Ordered activeSubscriptionWithInvoice() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        JsonPath order = asPartner(partner).body(order(product, 5)).post(buyer(partner, company, user)).then().statusCode(201)
                .extract().jsonPath();
        activate(partner, order.getString("id"), "acct-" + UUID.randomUUID());
        List<Integer> invoices = invoicesOfOrder(partner, order.getLong("orderId"));
        assertEquals(1, invoices.size());
        return new Ordered(order.getString("id"), invoices.get(0));
    }

    private void advance(String by) {
        asPartner(partner).body(Map.of("by", by)).post("/api/billing/v1/testClock/advance").then().statusCode(200);
    }

    private JsonPath collection(int invoice) {
        return asPartner(partner).get("/api/billing/v1/invoices/" + invoice + "/collection").then().statusCode(200)
                .extract().jsonPath();
    }

    private List<JsonNode> charges(int invoice) {
        return PaymentGatewayResource.gateway().charges().stream()
                .filter(c -> c.path("reference").asText().startsWith(partner + "/invoice/" + invoice + "/")).toList();
    }

    private String invoiceStatus(int invoice) {
        return asPartner(partner).get("/api/billing/v1/invoices/" + invoice).then().statusCode(200).extract().path("status");
    }

    private String subscription(String id, String field) {
        return asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().statusCode(200).extract().path(field);
    }

    /** The events of this marketplace's invoice of a type, exactly as many as there are (read on a while past them). */
    private List<JsonNode> invoiceEvents(String type, int invoice, int expected) {
        return TopicReader.all(e -> type.equals(e.path("type").asText()) && partner.equals(e.path("partner").asText())
                && Integer.toString(invoice).equals(e.path("aggregate").path("id").asText()), expected, Duration.ofSeconds(2));
    }

    private static JsonNode notice(String subscriptionId, String noticeType) {
        return DomainEvents.await(e -> "SUBSCRIPTION_NOTICE".equals(e.path("type").asText())
                && subscriptionId.equals(e.path("aggregate").path("id").asText())
                && noticeType.equals(e.path("payload").path("notice").path("type").asText()), WAIT);
    }

    private JsonPath awaitCollectionState(int invoice, String state) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        JsonPath last = null;
        while (System.nanoTime() < deadline) {
            last = collection(invoice);
            if (state.equals(last.getString("state"))) {
                return last;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        throw new AssertionError("collection of " + invoice + " stayed " + (last == null ? null : last.prettify()));
    }

    private static <T> T onVertx(Supplier<Uni<T>> work) {
        try {
            return io.quarkus.vertx.VertxContextSupport.subscribeAndAwait(work::get);
        } catch (Throwable e) {
            throw e instanceof RuntimeException r ? r : new IllegalStateException(e);
        }
    }

    @Test
    void anInvoiceIsChargedOnceWhenItsDueDateComesAndNotBefore() {
        Ordered o = activeSubscriptionWithInvoice();
        cardOnFile(partner, company, user, SandboxPaymentGateway.APPROVED);
        long due = asPartner(partner).get("/api/billing/v1/invoices/" + o.invoice()).then().extract().jsonPath()
                .getLong("dueDate");

        advance("P13D");
        assertEquals(0, charges(o.invoice()).size(), "not due yet");
        assertEquals("NONE", collection(o.invoice()).getString("state"));
        assertEquals("UNPAID", invoiceStatus(o.invoice()));

        advance("P1DT1M");
        assertEquals("PAID", invoiceStatus(o.invoice()));
        assertEquals(1, charges(o.invoice()).size());
        JsonPath c = collection(o.invoice());
        assertEquals("PAID", c.getString("state"));
        assertEquals(1, c.getInt("attempts"));
        assertEquals("SUCCESSFUL", c.getString("lastOutcome"));
        assertTrue(c.getLong("lastAttemptAt") >= due, "made at the due date in billing time");
        assertEquals("PAYMENT_SUCCESSFUL", invoiceEvents("INVOICE_PAYMENT_SUCCEEDED", o.invoice(), 1).get(0)
                .path("payload").path("notifications").path(0).path("type").asText());

        advance("P10D");
        assertEquals(1, charges(o.invoice()).size(), "a paid invoice is never charged again");
        // another marketplace's invoice is unknown, as a missing one
        asPartner(newPartner()).get("/api/billing/v1/invoices/" + o.invoice() + "/collection").then().statusCode(404);
    }

    @Test
    void aDecliningCardIsRetriedOnTheScheduleThenTheSubscriptionIsSuspendedAndPayingReactivatesIt() {
        Ordered o = activeSubscriptionWithInvoice();
        cardOnFile(partner, company, user, SandboxPaymentGateway.DECLINED);

        advance("P14DT1M"); // the due date: first attempt
        assertEquals(1, charges(o.invoice()).size());
        JsonPath c = collection(o.invoice());
        assertEquals("COLLECTING", c.getString("state"));
        assertEquals(1, c.getInt("attempts"));
        assertEquals("FAILED", c.getString("lastOutcome"));
        long due = asPartner(partner).get("/api/billing/v1/invoices/" + o.invoice()).then().extract().jsonPath()
                .getLong("dueDate");
        assertEquals(due + Duration.ofDays(1).toMillis(), c.getLong("nextAttemptAt"), "1 day after the due date");

        // each retry: nothing an hour before it, one declined charge at it
        String[][] steps = { { "PT23H", "PT1H" }, { "P1DT23H", "PT1H" }, { "P3DT23H", "PT1H" } };
        for (int i = 0; i < steps.length; i++) {
            advance(steps[i][0]);
            assertEquals(i + 1, charges(o.invoice()).size(), "nothing before retry " + (i + 1));
            assertEquals("ACTIVE", subscription(o.subscriptionId(), "status"));
            advance(steps[i][1]);
            assertEquals(i + 2, charges(o.invoice()).size(), "retry " + (i + 1));
        }
        assertEquals("UNPAID", invoiceStatus(o.invoice()));
        assertEquals(4, sql("select count(*) from payment where partner = ? and invoice_number = ? and result = 'FAILED'",
                partner, o.invoice()));
        // PAYMENT_FAILED to the buyer once per attempt, each for its own payment
        List<JsonNode> failed = invoiceEvents("INVOICE_PAYMENT_FAILED", o.invoice(), 4);
        assertEquals(4, failed.size(), "one PAYMENT_FAILED per attempt");
        assertEquals(4, failed.stream().map(e -> e.path("payload").path("payment").path("id").asLong()).distinct().count());
        for (JsonNode e : failed) {
            JsonNode mail = e.path("payload").path("notifications").path(0);
            assertEquals("PAYMENT_FAILED", mail.path("type").asText());
            assertEquals("ann@acme.example", mail.path("recipients").path(0).asText());
        }

        // after the last failure: OVERDUE, the subscription suspended for it, the vendor and the buyer told
        c = collection(o.invoice());
        assertEquals("OVERDUE", c.getString("state"));
        assertEquals(4, c.getInt("attempts"));
        assertNull(c.get("nextAttemptAt"));
        assertEquals(o.subscriptionId(), c.getString("suspendedSubscriptions[0].subscriptionId"));
        assertEquals("SUSPENDED", subscription(o.subscriptionId(), "status"));
        assertEquals("OVERDUE_INVOICE", subscription(o.subscriptionId(), "suspension.reason"));
        JsonNode deactivated = notice(o.subscriptionId(), "DEACTIVATED").path("payload");
        assertEquals("SUBSCRIPTION_NOTICE", deactivated.path("eventType").asText());
        assertEquals("SUSPENDED", deactivated.path("account").path("status").asText());
        assertEquals("Suspended: an invoice of the subscription is overdue", deactivated.path("notice").path("message").asText());
        assertEquals(32, deactivated.path("eventToken").asText().length());
        JsonNode mail = deactivated.path("notifications").path(0);
        assertEquals("SUBSCRIPTION_SUSPENDED_OVERDUE_INVOICE", mail.path("type").asText());
        assertEquals("ann@acme.example", mail.path("recipients").path(0).asText());

        advance("P10D");
        assertEquals(4, charges(o.invoice()).size(), "no attempt after the last");

        // the buyer registers a good card and pays: PAID, and the subscription is active again
        cardOnFile(partner, company, user, SandboxPaymentGateway.APPROVED);
        asPartner(partner).body(BY_CARD).post("/api/billing/v1/invoices/" + o.invoice() + "/payments").then().statusCode(200)
                .body("result", equalTo("SUCCESSFUL"));
        assertEquals("PAID", invoiceStatus(o.invoice()));
        awaitStatus(partner, o.subscriptionId(), "ACTIVE");
        JsonNode reactivated = notice(o.subscriptionId(), "REACTIVATED").path("payload");
        assertEquals("ACTIVE", reactivated.path("account").path("status").asText());
        c = collection(o.invoice());
        assertEquals("PAID", c.getString("state"));
        assertNotNull(c.get("suspendedSubscriptions[0].reactivatedAt"));
    }

    @Test
    void anOverdueParentSuspendsItsAddOnsWithItAndPayingItsInvoiceReactivatesThem() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        FakeCatalog.Product addonProduct = FakeCatalog.registerAddon(partner, product.id());
        JsonPath parent = asPartner(partner).body(order(product, 5)).post(buyer(partner, company, user)).then()
                .statusCode(201).extract().jsonPath();
        String parentId = parent.getString("id");
        activate(partner, parentId, "acct-overdue-parent");
        int invoice = invoicesOfOrder(partner, parent.getLong("orderId")).get(0);
        JsonPath addon = asPartner(partner).body(with(order(addonProduct, 1), "parentSubscriptionId", parentId))
                .post(buyer(partner, company, user)).then().statusCode(201).extract().jsonPath();
        String addonId = addon.getString("id");
        publishResult(partner, addonId, "ADDON_ORDER", true, "acct-overdue-addon", null, null, null);
        awaitStatus(partner, addonId, "ACTIVE");
        // the add-on's own invoice is paid elsewhere: only the parent's goes overdue (no card on file)
        int addonInvoice = invoicesOfOrder(partner, addon.getLong("orderId")).get(0);
        asPartner(partner).body(Map.of("method", "MANUAL", "transactionId", "wire-addon")).post("/api/billing/v1/invoices/"
                + addonInvoice + "/payments").then().statusCode(200);

        advance("P14DT1M");
        advance("P7D");
        assertEquals("OVERDUE", collection(invoice).getString("state"));
        assertEquals("OVERDUE_INVOICE", subscription(parentId, "suspension.reason"));
        assertEquals("SUSPENDED", subscription(addonId, "status"));
        assertEquals("PARENT_SUSPENDED", subscription(addonId, "suspension.reason"));
        JsonNode deactivated = notice(addonId, "DEACTIVATED").path("payload");
        assertEquals("acct-overdue-addon", deactivated.path("account").path("accountIdentifier").asText());
        assertEquals("acct-overdue-parent", deactivated.path("account").path("parentAccountIdentifier").asText());
        assertEquals("Suspended with its parent subscription: an invoice of the parent is overdue",
                deactivated.path("notice").path("message").asText());
        assertEquals("SUBSCRIPTION_SUSPENDED_OVERDUE_INVOICE", deactivated.path("notifications").path(0).path("type").asText());

        // paid by a payment recorded by the marketplace: the parent and its add-on come back, each with its notice
        asPartner(partner).body(Map.of("method", "MANUAL", "transactionId", "wire-parent")).post("/api/billing/v1/invoices/"
                + invoice + "/payments").then().statusCode(200);
        awaitStatus(partner, parentId, "ACTIVE");
        awaitStatus(partner, addonId, "ACTIVE");
        JsonNode reactivated = notice(addonId, "REACTIVATED").path("payload");
        assertEquals("acct-overdue-parent", reactivated.path("account").path("parentAccountIdentifier").asText());
        assertEquals("ACTIVE", reactivated.path("account").path("status").asText());
    }

    @Test
    void anOperatorsOwnSuspensionIsNotUndoneByPayingTheOverdueInvoice() {
        Ordered o = activeSubscriptionWithInvoice();
        cardOnFile(partner, company, user, SandboxPaymentGateway.INSUFFICIENT_FUNDS);
        advance("P14DT1M");
        advance("P8D"); // past every retry time at once: each attempt is made, in order
        assertEquals(4, charges(o.invoice()).size());
        assertEquals("OVERDUE", collection(o.invoice()).getString("state"));
        awaitStatus(partner, o.subscriptionId(), "SUSPENDED");

        // the operator reactivates, then suspends for a reason of their own
        String suspension = "/api/billing/v1/subscriptions/" + o.subscriptionId() + "/suspension";
        asPartner(partner).delete(suspension).then().statusCode(200).body("status", equalTo("ACTIVE"));
        asPartner(partner).post(suspension).then().statusCode(200).body("suspension.reason", equalTo("OPERATOR"));

        // the marketplace records a payment made elsewhere: the collection is PAID, the operator's suspension stays
        asPartner(partner).body(Map.of("method", "MANUAL", "transactionId", "wire-1")).post("/api/billing/v1/invoices/"
                + o.invoice() + "/payments").then().statusCode(200);
        JsonPath c = awaitCollectionState(o.invoice(), "PAID");
        assertNull(c.get("suspendedSubscriptions[0].reactivatedAt"));
        assertEquals("SUSPENDED", subscription(o.subscriptionId(), "status"));
        assertEquals("OPERATOR", subscription(o.subscriptionId(), "suspension.reason"));
    }

    @Test
    void withoutACardOnFileEachAttemptAsksForOneThenTheSubscriptionIsSuspended() {
        Ordered o = activeSubscriptionWithInvoice();
        advance("P14DT1M");
        JsonPath c = collection(o.invoice());
        assertEquals(1, c.getInt("attempts"));
        assertEquals("NO_CARD_ON_FILE", c.getString("lastOutcome"));
        advance("P7D");
        assertEquals("OVERDUE", collection(o.invoice()).getString("state"));
        assertEquals(0, charges(o.invoice()).size());
        List<JsonNode> asked = invoiceEvents("INVOICE_PAYMENT_CARD_REQUIRED", o.invoice(), 4);
        assertEquals(4, asked.size(), "CREDIT_CARD_REQUIRED once per attempt");
        JsonNode mail = asked.get(0).path("payload").path("notifications").path(0);
        assertEquals("CREDIT_CARD_REQUIRED", mail.path("type").asText());
        assertTrue(mail.path("parameters").path("paymentMethodsUrl").asText().endsWith(
                "/api/billing/v1/companies/" + company + "/users/" + user + "/paymentMethods"));
        assertEquals("SUSPENDED", subscription(o.subscriptionId(), "status"));
        assertEquals("OVERDUE_INVOICE", subscription(o.subscriptionId(), "suspension.reason"));
    }

    @Test
    void aPendingChargeIsNotCountedAndReconciliationSettlesTheCollection() {
        Ordered o = activeSubscriptionWithInvoice();
        // the provider takes the money, then answers past billing's timeout: the payment is PENDING
        cardOnFile(partner, company, user, SandboxPaymentGateway.LATE_ANSWER);
        advance("P14DT1M");
        JsonPath c = collection(o.invoice());
        assertEquals("COLLECTING", c.getString("state"));
        assertEquals(0, c.getInt("attempts"), "PENDING is not an attempt");
        assertEquals("PENDING", c.getString("lastOutcome"));
        assertEquals(1, sql("select count(*) from payment where partner = ? and invoice_number = ? and result = 'PENDING'",
                partner, o.invoice()));

        // the next retry time passes while it is PENDING (its lease given up too): nothing is charged again
        sql("update invoice_collection set lease_until = null where partner = ? and invoice_number = ?", partner,
                (long) o.invoice());
        advance("P1DT1M");
        assertEquals(1, charges(o.invoice()).size());
        assertEquals(0, collection(o.invoice()).getInt("attempts"));

        // reconciliation finds the charge: PAID, once
        onVertx(() -> reconciliation.reconcile(Instant.now().plus(Duration.ofMinutes(1))));
        assertEquals("PAID", invoiceStatus(o.invoice()));
        awaitCollectionState(o.invoice(), "PAID");
        assertEquals(1, charges(o.invoice()).size());
        assertEquals("ACTIVE", subscription(o.subscriptionId(), "status"));
    }

    @Test
    void twoReplicasCollectingAtOnceChargeTheInvoiceOnce() throws Exception {
        Ordered o = activeSubscriptionWithInvoice();
        cardOnFile(partner, company, user, SandboxPaymentGateway.APPROVED);
        Instant due = Instant.now().plus(Duration.ofDays(15));
        List<Integer> made = race(2, i -> onVertx(() -> collections.runDue(partner, due)));
        assertEquals(1, made.get(0) + made.get(1), "one attempt between them: " + made);
        assertEquals(1, charges(o.invoice()).size());
        assertEquals(1, sql("select count(*) from payment where partner = ? and invoice_number = ?", partner, o.invoice()));
        assertEquals("PAID", invoiceStatus(o.invoice()));
        assertEquals("PAID", collection(o.invoice()).getString("state"));
    }
}
