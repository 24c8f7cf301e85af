package dev.marketplace.billing.payment;

import static dev.marketplace.billing.BillingFixtures.activate;
import static dev.marketplace.billing.BillingFixtures.as;
import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.buyer;
import static dev.marketplace.billing.BillingFixtures.card;
import static dev.marketplace.billing.BillingFixtures.invoicesOfOrder;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.race;
import static dev.marketplace.billing.BillingFixtures.order;
import static dev.marketplace.billing.BillingFixtures.sql;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.billing.FakeAccount;
import dev.marketplace.billing.FakeCatalog;
import dev.marketplace.billing.PaymentGatewayResource;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.DomainEvents;
import dev.marketplace.testkit.InternalTokens;
import dev.marketplace.testkit.SandboxPaymentGateway;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

@QuarkusTest
class PaymentApiTest {
    private final String partner = newPartner();
    private final UUID company = UUID.randomUUID();
    private final UUID user = UUID.randomUUID();

    /** An UNPAID invoice of 5 users at 10 USD; emits its number. */
    private int unpaidInvoice() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        JsonPath order = asPartner(partner).body(order(product, 5)).post(buyer(partner, company, user)).then().statusCode(201)
                .extract().jsonPath();
        activate(partner, order.getString("id"), "acct-" + UUID.randomUUID());
        return invoicesOfOrder(partner, order.getLong("orderId")).get(0);
    }

    private static String payments(int invoice) {
        return "/api/billing/v1/invoices/" + invoice + "/payments";
    }

    private long charges(int invoice) {
        return PaymentGatewayResource.gateway().charges().stream()
                .filter(c -> c.path("reference").asText().startsWith(partner + "/invoice/" + invoice + "/")).count();
    }

    @Test
    void anApprovedCardPaysTheInvoiceOnceAndTheBuyerHearsOfIt() {
        int invoice = unpaidInvoice();
        JsonPath paid = asPartner(partner).body(card(SandboxPaymentGateway.APPROVED)).post(payments(invoice)).then()
                .statusCode(200).body("result", equalTo("SUCCESSFUL")).body("method", equalTo("CREDIT_CARD"))
                .body("amount", equalTo(50.0f)).body("currency", equalTo("USD")).body("transactionId", startsWith("ch_"))
                .body("gatewayResponse.avs", equalTo(true)).body("gatewayResponse.cvv", equalTo(true))
                .body("invoiceNumber", equalTo(invoice)).body("company.id", equalTo(company.toString()))
                .body("links[0].rel", equalTo("self")).extract().jsonPath();
        asPartner(partner).get("/api/billing/v1/invoices/" + invoice).then().body("status", equalTo("PAID"));
        assertEquals(1, charges(invoice));
        JsonNode charge = PaymentGatewayResource.gateway().charges().stream()
                .filter(c -> c.path("reference").asText().startsWith(partner + "/invoice/" + invoice + "/")).findFirst().orElseThrow();
        assertEquals("50.00", charge.path("amount").asText());
        assertEquals("4242", charge.path("last4").asText());
        // the card number is never stored, only its last four digits
        assertEquals(0, sql("select count(*) from payment where card_last4 <> '4242' and invoice_number = ? and partner = ?",
                invoice, partner));

        asPartner(partner).body(card(SandboxPaymentGateway.APPROVED)).post(payments(invoice)).then().statusCode(409)
                .body("code", equalTo("INVOICE_NOT_PAYABLE"));
        asPartner(partner).get(payments(invoice)).then().statusCode(200).header("X-Total-Count", "1")
                .body("[0].id", equalTo(paid.getInt("id")));
        asPartner(partner).get("/api/billing/v1/payments/" + paid.getLong("id")).then().statusCode(200)
                .body("result", equalTo("SUCCESSFUL"));
        JsonNode event = DomainEvents.await(e -> "INVOICE_PAYMENT_SUCCEEDED".equals(e.path("type").asText())
                && partner.equals(e.path("partner").asText()), Duration.ofSeconds(30));
        JsonNode mail = event.path("payload").path("notifications").path(0);
        assertEquals("PAYMENT_SUCCESSFUL", mail.path("type").asText());
        assertEquals("ann@acme.example", mail.path("recipients").path(0).asText());
        assertEquals("50.00", mail.path("parameters").path("amount").asText());
        assertEquals(invoice, mail.path("parameters").path("invoiceNumber").asInt());
    }

    @Test
    void declinedAndUnreachableLeaveTheInvoiceUnpaidAndAreRecorded() {
        int invoice = unpaidInvoice();
        asPartner(partner).body(card(SandboxPaymentGateway.DECLINED)).post(payments(invoice)).then().statusCode(200)
                .body("result", equalTo("FAILED")).body("gatewayResponse.code", equalTo("CARD_DECLINED"));
        asPartner(partner).body(card(SandboxPaymentGateway.INSUFFICIENT_FUNDS)).post(payments(invoice)).then().statusCode(200)
                .body("result", equalTo("FAILED")).body("gatewayResponse.code", equalTo("INSUFFICIENT_FUNDS"));
        asPartner(partner).body(card(SandboxPaymentGateway.UNREACHABLE)).post(payments(invoice)).then().statusCode(200)
                .body("result", equalTo("GATEWAY_NOT_AVAILABLE")).body("transactionId", nullValue());
        asPartner(partner).get("/api/billing/v1/invoices/" + invoice).then().body("status", equalTo("UNPAID"));
        JsonNode failed = DomainEvents.await(e -> "INVOICE_PAYMENT_FAILED".equals(e.path("type").asText())
                && partner.equals(e.path("partner").asText()), Duration.ofSeconds(30));
        assertEquals("PAYMENT_FAILED", failed.path("payload").path("notifications").path(0).path("type").asText());

        asPartner(partner).get(payments(invoice)).then().header("X-Total-Count", "3").body("[0].result", equalTo("FAILED"));
        asPartner(partner).get(payments(invoice) + "?result=GATEWAY_NOT_AVAILABLE").then().header("X-Total-Count", "1");
        asPartner(partner).get(payments(invoice) + "?method=CREDIT_CARD&sortOrder=DESC").then().header("X-Total-Count", "3")
                .body("[0].result", equalTo("GATEWAY_NOT_AVAILABLE"));
        asPartner(partner).get(payments(invoice) + "?method=ADP_INVOICE").then().statusCode(200).header("X-Total-Count", "0");
        asPartner(partner).get(payments(invoice) + "?sortField=AMOUNT&start=2&count=5").then().body("$", hasSize(1));
        asPartner(partner).get(payments(invoice) + "?fromDate=" + (System.currentTimeMillis() + 60_000)).then()
                .header("X-Total-Count", "0");
        for (String bad : List.of("method=CASH", "result=OK", "sortField=USER", "count=abc")) {
            asPartner(partner).get(payments(invoice) + "?" + bad).then().statusCode(400)
                    .body("message", containsString(bad.substring(0, bad.indexOf('='))));
        }
        // the gateway comes back: the same invoice is paid
        asPartner(partner).body(card(SandboxPaymentGateway.APPROVED_MASTERCARD)).post(payments(invoice)).then().statusCode(200)
                .body("result", equalTo("SUCCESSFUL"));
        asPartner(partner).get("/api/billing/v1/invoices/" + invoice).then().body("status", equalTo("PAID"));
    }

    @Test
    void badPaymentsAreRefusedNamingTheFieldAndRecordNothing() {
        int invoice = unpaidInvoice();
        Map<String, Object> good = new HashMap<>(card(SandboxPaymentGateway.APPROVED));
        asPartner(partner).body(card("4242424242424241")).post(payments(invoice)).then().statusCode(400)
                .body("message", equalTo("creditCard.number: is not a valid card number (checksum)"));
        asPartner(partner).body(Map.of("method", "CREDIT_CARD", "creditCard", Map.of("number", "4242424242424242",
                "expirationMonth", 1, "expirationYear", 2020))).post(payments(invoice)).then().statusCode(400)
                .body("message", containsString("creditCard.expirationYear: the card has expired"));
        asPartner(partner).body(Map.of("method", "CREDIT_CARD", "creditCard", Map.of("number", "42x",
                "expirationMonth", 13, "expirationYear", 2099))).post(payments(invoice)).then().statusCode(400)
                .body("message", containsString("creditCard.number")).body("message", containsString("creditCard.expirationMonth"));
        asPartner(partner).body(Map.of("method", "CREDIT_CARD")).post(payments(invoice)).then().statusCode(400)
                .body("message", containsString("creditCard: is required"));
        asPartner(partner).body(Map.of("method", "PAYPAL")).post(payments(invoice)).then().statusCode(400)
                .body("message", containsString("method: PAYPAL is not available"));
        asPartner(partner).body(Map.of("method", "BITCOIN")).post(payments(invoice)).then().statusCode(400)
                .body("message", containsString("method: must be one of CREDIT_CARD"));
        asPartner(partner).body(Map.of()).post(payments(invoice)).then().statusCode(400).body("message", containsString("method"));
        Map<String, Object> wrongAmount = new HashMap<>(good);
        wrongAmount.put("amount", 10);
        asPartner(partner).body(wrongAmount).post(payments(invoice)).then().statusCode(400)
                .body("message", containsString("amount: must be the invoice's total, 50.00 USD"));
        Map<String, Object> wrongCurrency = new HashMap<>(good);
        wrongCurrency.put("currency", "EUR");
        asPartner(partner).body(wrongCurrency).post(payments(invoice)).then().statusCode(400)
                .body("message", containsString("currency: must be the invoice's currency, USD"));
        asPartner(partner).body(good).header("Idempotency-Key", "has spaces in it").post(payments(invoice)).then()
                .statusCode(400).body("message", containsString("Idempotency-Key"));
        asPartner(partner).body(good).post(payments(99999)).then().statusCode(404);
        asPartner(partner).get(payments(invoice)).then().header("X-Total-Count", "0");
        assertEquals(0, charges(invoice));
        // the amount and currency of the invoice are accepted
        Map<String, Object> exact = new HashMap<>(good);
        exact.put("amount", "50.00");
        exact.put("currency", "USD");
        asPartner(partner).body(exact).post(payments(invoice)).then().statusCode(200).body("result", equalTo("SUCCESSFUL"));
    }

    @Test
    void paymentsMadeElsewhereAreTheChannelsToRecordAndCardsAreTheBuyersOrAdministratorsToUse() {
        int invoice = unpaidInvoice();
        String own = InternalTokens.bearerAsUser(partner, user, Roles.USER);
        UUID colleague = UUID.randomUUID();
        FakeAccount.member(company, colleague, true, "ROLE_USER");
        as(own).body(Map.of("method", "MANUAL")).post(payments(invoice)).then().statusCode(403);
        as(InternalTokens.bearer(partner, Roles.PARTNER_READ)).body(card(SandboxPaymentGateway.APPROVED)).post(payments(invoice))
                .then().statusCode(403);
        as(InternalTokens.bearerAsUser(partner, colleague, Roles.USER)).body(card(SandboxPaymentGateway.APPROVED))
                .post(payments(invoice)).then().statusCode(403);
        as(InternalTokens.bearer(newPartner(), Roles.PARTNER)).body(card(SandboxPaymentGateway.APPROVED)).post(payments(invoice))
                .then().statusCode(404);
        as(own).get(payments(invoice)).then().statusCode(200);
        as(InternalTokens.bearerAsUser(partner, colleague, Roles.USER)).get(payments(invoice)).then().statusCode(403);
        assertEquals(0, charges(invoice));
        as(own).body(card(SandboxPaymentGateway.APPROVED)).post(payments(invoice)).then().statusCode(200)
                .body("result", equalTo("SUCCESSFUL")).body("user.id", equalTo(user.toString()));

        int second = unpaidInvoice();
        UUID admin = UUID.randomUUID();
        FakeAccount.member(company, admin, true, "ROLE_BILLING_ADMIN");
        as(InternalTokens.bearerAsUser(partner, admin, Roles.USER)).body(card(SandboxPaymentGateway.APPROVED))
                .post(payments(second)).then().statusCode(200).body("user.id", equalTo(admin.toString()));

        int third = unpaidInvoice();
        asPartner(partner).body(Map.of("method", "MANUAL", "transactionId", "cheque-1234")).post(payments(third)).then()
                .statusCode(200).body("result", equalTo("MANUAL")).body("transactionId", equalTo("cheque-1234"))
                .body("gatewayResponse", nullValue());
        asPartner(partner).get("/api/billing/v1/invoices/" + third).then().body("status", equalTo("PAID"));
        int fourth = unpaidInvoice();
        asPartner(partner).body(Map.of("method", "MARKETPLACE_CREDITS")).post(payments(fourth)).then().statusCode(200)
                .body("result", equalTo("SUCCESSFUL"));
        int fifth = unpaidInvoice();
        asPartner(partner).body(Map.of("method", "EXTERNAL_INVOICE")).post(payments(fifth)).then().statusCode(200)
                .body("result", equalTo("MANUAL"));
        assertEquals(0, charges(third) + charges(fourth) + charges(fifth), "no gateway for payments made elsewhere");
    }

    @Test
    void anIdempotencyKeyPaysOnceAndAnswersTheSameAgain() throws Exception {
        int invoice = unpaidInvoice();
        String key = UUID.randomUUID().toString();
        JsonPath first = asPartner(partner).header("Idempotency-Key", key).body(card(SandboxPaymentGateway.APPROVED))
                .post(payments(invoice)).then().statusCode(200).extract().jsonPath();
        asPartner(partner).header("Idempotency-Key", key).body(card(SandboxPaymentGateway.APPROVED)).post(payments(invoice)).then()
                .statusCode(200).header("Idempotent-Replayed", "true").body("id", equalTo(first.getInt("id")))
                .body("transactionId", equalTo(first.getString("transactionId")));
        asPartner(partner).header("Idempotency-Key", key).body(card(SandboxPaymentGateway.APPROVED_MASTERCARD))
                .post(payments(invoice)).then().statusCode(422).body("code", equalTo("IDEMPOTENCY_KEY_REUSED"))
                .body("message", containsString("Idempotency-Key"));
        assertEquals(1, charges(invoice));
        asPartner(partner).get(payments(invoice)).then().header("X-Total-Count", "1");
        // the same key from another consumer is another key
        as(InternalTokens.bearer(new dev.marketplace.common.security.InternalToken.Claims("another-consumer", "channel", partner,
                java.util.Set.of(Roles.PARTNER), null, null))).header("Idempotency-Key", key)
                .body(card(SandboxPaymentGateway.APPROVED)).post(payments(invoice)).then().statusCode(409);

        // a retried request racing the first: one payment, one charge, the same answer for every copy
        int raced = unpaidInvoice();
        String racedKey = UUID.randomUUID().toString();
        List<JsonPath> answers = race(8, i -> asPartner(partner).header("Idempotency-Key", racedKey)
                .body(card(SandboxPaymentGateway.APPROVED)).post(payments(raced)).then().statusCode(200).extract().jsonPath());
        assertTrue(answers.stream().allMatch(a -> a.getInt("id") == answers.get(0).getInt("id")));
        assertEquals(1, charges(raced));
    }

    @Test
    void aStoredPaymentIsReplayedToItsOwnUserAloneAndOnlyOnceAuthorised() {
        int invoice = unpaidInvoice();
        String key = UUID.randomUUID().toString();
        String own = InternalTokens.bearerAsUser(partner, user, Roles.USER);
        int paid = as(own).header("Idempotency-Key", key).body(card(SandboxPaymentGateway.APPROVED)).post(payments(invoice))
                .then().statusCode(200).extract().path("id");
        // a colleague who may not pay this invoice, same consumer, key and request: the 403 a fresh call gets
        UUID colleague = UUID.randomUUID();
        FakeAccount.member(company, colleague, true, "ROLE_USER");
        as(InternalTokens.bearerAsUser(partner, colleague, Roles.USER)).header("Idempotency-Key", key)
                .body(card(SandboxPaymentGateway.APPROVED)).post(payments(invoice)).then().statusCode(403)
                .header("Idempotent-Replayed", nullValue()).body("id", nullValue());
        // an administrator who may pay it: their own request (the invoice is paid: 409), not the buyer's stored answer
        UUID admin = UUID.randomUUID();
        FakeAccount.member(company, admin, true, "ROLE_BILLING_ADMIN");
        as(InternalTokens.bearerAsUser(partner, admin, Roles.USER)).header("Idempotency-Key", key)
                .body(card(SandboxPaymentGateway.APPROVED)).post(payments(invoice)).then().statusCode(409)
                .header("Idempotent-Replayed", nullValue());
        // the buyer, still allowed to pay it, gets the stored answer
        as(own).header("Idempotency-Key", key).body(card(SandboxPaymentGateway.APPROVED)).post(payments(invoice)).then()
                .statusCode(200).header("Idempotent-Replayed", "true").body("id", equalTo(paid));
        assertEquals(1, charges(invoice));
    }

    @Test
    void twoPaymentsOfOneInvoiceAtOnceChargeOnce() throws Exception {
        int invoice = unpaidInvoice();
        List<Integer> codes = race(8, i -> asPartner(partner).body(card(SandboxPaymentGateway.APPROVED)).post(payments(invoice))
                .statusCode());
        assertEquals(1, codes.stream().filter(c -> c == 200).count(), codes.toString());
        assertTrue(codes.stream().allMatch(c -> c == 200 || c == 409), codes.toString());
        assertEquals(1, charges(invoice));
        asPartner(partner).get(payments(invoice)).then().header("X-Total-Count", "1");
    }

    /** The refunds the sandbox was asked for, of the charges of this marketplace's invoice. */
    private List<JsonNode> refundsAsked(int invoice) {
        List<String> charged = PaymentGatewayResource.gateway().charges().stream()
                .filter(c -> c.path("reference").asText().startsWith(partner + "/invoice/" + invoice + "/"))
                .map(c -> c.path("id").asText()).toList();
        return PaymentGatewayResource.gateway().refunds().stream().filter(r -> charged.contains(r.path("charge").asText()))
                .toList();
    }

    private long refundRows(int invoice) {
        return sql("select count(*) from refund r join invoice i on i.id = r.invoice_id where i.partner = ? "
                + "and i.invoice_number = ?", partner, invoice);
    }

    private long voidedEvents(int invoice) {
        return sql("select count(*) from outbox_event where type = 'INVOICE_VOIDED' and aggregate_id = ? and envelope like ?",
                Integer.toString(invoice), "%\"partner\":\"" + partner + "\"%");
    }

    @Test
    void voidingAPaidInvoiceRefundsItsPaymentAndTellsTheBuyer() {
        int invoice = unpaidInvoice();
        asPartner(partner).body(card(SandboxPaymentGateway.APPROVED)).post(payments(invoice)).then().statusCode(200);
        asPartner(partner).body(Map.of("status", "VOIDED")).patch("/api/billing/v1/invoices/" + invoice).then().statusCode(200)
                .body("status", equalTo("VOIDED"));
        assertEquals(1, sql("select count(*) from refund r join invoice i on i.id = r.invoice_id where i.partner = ? "
                + "and i.invoice_number = ? and r.transaction_id like 're_%' and r.amount = 50", partner, invoice));
        List<JsonNode> asked = refundsAsked(invoice);
        assertEquals(1, asked.size());
        assertEquals("REFUNDED", asked.get(0).path("status").asText());
        assertEquals("50.00", asked.get(0).path("amount").asText());
        JsonNode voided = DomainEvents.await(e -> "INVOICE_VOIDED".equals(e.path("type").asText())
                && partner.equals(e.path("partner").asText()), Duration.ofSeconds(30));
        assertEquals("CREDIT_CARD", voided.path("payload").path("refunds").path(0).path("method").asText());
        assertTrue(voided.path("payload").path("refunds").path(0).path("transactionId").asText().startsWith("re_"));
        // the buyer is told the money went back, as they were told it was received
        JsonNode mail = voided.path("payload").path("notifications").path(0);
        assertEquals("REFUND", mail.path("type").asText());
        assertEquals("EMAIL", mail.path("channel").asText());
        assertEquals("ann@acme.example", mail.path("recipients").path(0).asText());
        assertEquals("fr_CA", mail.path("locale").asText());
        assertEquals("50.00", mail.path("parameters").path("amount").asText());
        assertEquals("USD", mail.path("parameters").path("currency").asText());
        assertEquals(invoice, mail.path("parameters").path("invoiceNumber").asInt());
        assertEquals("Acme", mail.path("parameters").path("companyName").asText());
        assertEquals(1, voided.path("payload").path("notifications").size());
        asPartner(partner).get("/api/billing/v1/invoices/" + invoice).then().body("status", equalTo("VOIDED"));
        // voiding again refunds nothing more
        asPartner(partner).body(Map.of("status", "VOIDED")).patch("/api/billing/v1/invoices/" + invoice).then().statusCode(200);
        assertEquals(1, refundRows(invoice));
        assertEquals(1, refundsAsked(invoice).size());
        assertEquals(1, voidedEvents(invoice));
    }

    @Test
    void aRefundTheProviderRefusesVoidsNothingAndSaysWhy() {
        int invoice = unpaidInvoice();
        JsonPath paid = asPartner(partner).body(card(SandboxPaymentGateway.REFUND_DECLINED)).post(payments(invoice)).then()
                .statusCode(200).body("result", equalTo("SUCCESSFUL")).extract().jsonPath();
        String before = asPartner(partner).get(payments(invoice)).then().statusCode(200).extract().asString();

        for (int attempt = 0; attempt < 2; attempt++) {
            String body = asPartner(partner).body(Map.of("status", "VOIDED")).patch("/api/billing/v1/invoices/" + invoice).then()
                    .statusCode(502).body("code", equalTo("PAYMENT_PROVIDER_REFUSED"))
                    .body("message", equalTo("The payment provider refused to refund payment " + paid.getLong("id")
                            + ": REFUND_DECLINED (The card issuer declined the refund); the invoice was not voided"))
                    .extract().asString();
            assertTrue(!body.contains("Exception") && !body.contains("dev.marketplace") && !body.contains("re_"), body);
        }
        // the provider was asked (the same refund both times) and said no: nothing changed here
        List<JsonNode> asked = refundsAsked(invoice);
        assertEquals(1, asked.size(), "a retry is the same refund (Idempotency-Key), answered as the first time");
        assertEquals("DECLINED", asked.get(0).path("status").asText());
        asPartner(partner).get("/api/billing/v1/invoices/" + invoice).then().body("status", equalTo("PAID"))
                .body("total", equalTo(50.0f));
        assertEquals(0, sql("select count(*) from invoice where partner = ? and invoice_number = ? and voided_on is not null",
                partner, invoice));
        assertEquals(before, asPartner(partner).get(payments(invoice)).then().statusCode(200).extract().asString(),
                "the payments are as they were");
        asPartner(partner).get("/api/billing/v1/payments/" + paid.getLong("id")).then().body("result", equalTo("SUCCESSFUL"));
        assertEquals(0, refundRows(invoice), "no refund is recorded");
        assertEquals(0, voidedEvents(invoice), "no event, so no email");
        asPartner(partner).get("/api/billing/v1/invoices?status=VOIDED").then().header("X-Total-Count", "0");
    }
}
