package dev.marketplace.billing.payment;

import static dev.marketplace.billing.BillingFixtures.activate;
import static dev.marketplace.billing.BillingFixtures.as;
import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.buyer;
import static dev.marketplace.billing.BillingFixtures.BY_CARD;
import static dev.marketplace.billing.BillingFixtures.cardOnFile;
import static dev.marketplace.billing.BillingFixtures.paymentMethods;
import static dev.marketplace.billing.BillingFixtures.token;
import static dev.marketplace.billing.BillingFixtures.invoicesOfOrder;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.race;
import static dev.marketplace.billing.BillingFixtures.order;
import static dev.marketplace.billing.BillingFixtures.sql;
import static dev.marketplace.billing.BillingFixtures.with;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
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

    /** An UNPAID invoice whose buyer has this test card on file as the default. */
    private int unpaidInvoiceWithCard(String number) {
        int invoice = unpaidInvoice();
        cardOnFile(partner, company, user, number);
        return invoice;
    }

    private static String payments(int invoice) {
        return "/api/billing/v1/invoices/" + invoice + "/payments";
    }

    private long charges(int invoice) {
        return PaymentGatewayResource.gateway().charges().stream()
                .filter(c -> c.path("reference").asText().startsWith(partner + "/invoice/" + invoice + "/")).count();
    }

    @Test
    void theDefaultCardOnFilePaysTheInvoiceOnceAndTheBuyerHearsOfIt() {
        int invoice = unpaidInvoiceWithCard(SandboxPaymentGateway.APPROVED);
        JsonPath paid = asPartner(partner).body(BY_CARD).post(payments(invoice)).then()
                .statusCode(200).body("result", equalTo("SUCCESSFUL")).body("method", equalTo("CREDIT_CARD"))
                .body("amount", equalTo(50.0f)).body("currency", equalTo("USD")).body("transactionId", startsWith("ch_"))
                .body("gatewayResponse.code", nullValue())
                .body("invoiceNumber", equalTo(invoice)).body("company.id", equalTo(company.toString()))
                .body("links[0].rel", equalTo("self")).extract().jsonPath();
        asPartner(partner).get("/api/billing/v1/invoices/" + invoice).then().body("status", equalTo("PAID"));
        assertEquals(1, charges(invoice));
        JsonNode charge = PaymentGatewayResource.gateway().charges().stream()
                .filter(c -> c.path("reference").asText().startsWith(partner + "/invoice/" + invoice + "/")).findFirst().orElseThrow();
        assertEquals("50.00", charge.path("amount").asText());
        assertEquals("4242", charge.path("last4").asText());
        assertEquals(paid.getString("transactionId"), charge.path("id").asText());
        // the charge named the card on file; only its last four digits are kept with the payment
        assertEquals(1, sql("select count(*) from payment where card_last4 = '4242' and provider_method_id like 'pm_%' "
                + "and provider_key = ? and invoice_number = ? and partner = ?", partner + "-invoice-" + invoice + "-attempt-0",
                invoice, partner));

        asPartner(partner).body(BY_CARD).post(payments(invoice)).then().statusCode(409)
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
    void aDeclineFailsThePaymentAndTheNextPayCallIsANewAttempt() {
        int invoice = unpaidInvoiceWithCard(SandboxPaymentGateway.DECLINED);
        asPartner(partner).body(BY_CARD).post(payments(invoice)).then().statusCode(200)
                .body("result", equalTo("FAILED")).body("gatewayResponse.code", equalTo("CARD_DECLINED"));
        cardOnFile(partner, company, user, SandboxPaymentGateway.INSUFFICIENT_FUNDS);
        asPartner(partner).body(BY_CARD).post(payments(invoice)).then().statusCode(200)
                .body("result", equalTo("FAILED")).body("gatewayResponse.code", equalTo("INSUFFICIENT_FUNDS"));
        asPartner(partner).get("/api/billing/v1/invoices/" + invoice).then().body("status", equalTo("UNPAID"));
        JsonNode failed = DomainEvents.await(e -> "INVOICE_PAYMENT_FAILED".equals(e.path("type").asText())
                && partner.equals(e.path("partner").asText()), Duration.ofSeconds(30));
        assertEquals("PAYMENT_FAILED", failed.path("payload").path("notifications").path(0).path("type").asText());
        // each definite answer moved the attempt on: two charges, two provider keys
        assertEquals(2, charges(invoice));
        assertEquals(2, sql("select count(distinct provider_key) from payment where partner = ? and invoice_number = ?",
                partner, invoice));

        // a card that pays: the third attempt
        cardOnFile(partner, company, user, SandboxPaymentGateway.APPROVED_MASTERCARD);
        asPartner(partner).body(BY_CARD).post(payments(invoice)).then().statusCode(200).body("result", equalTo("SUCCESSFUL"));
        asPartner(partner).get("/api/billing/v1/invoices/" + invoice).then().body("status", equalTo("PAID"));

        asPartner(partner).get(payments(invoice)).then().header("X-Total-Count", "3").body("[0].result", equalTo("FAILED"));
        asPartner(partner).get(payments(invoice) + "?result=FAILED").then().header("X-Total-Count", "2");
        asPartner(partner).get(payments(invoice) + "?method=CREDIT_CARD&sortOrder=DESC").then().header("X-Total-Count", "3")
                .body("[0].result", equalTo("SUCCESSFUL"));
        asPartner(partner).get(payments(invoice) + "?method=ADP_INVOICE").then().statusCode(200).header("X-Total-Count", "0");
        asPartner(partner).get(payments(invoice) + "?sortField=AMOUNT&start=2&count=5").then().body("$", hasSize(1));
        asPartner(partner).get(payments(invoice) + "?fromDate=" + (System.currentTimeMillis() + 60_000)).then()
                .header("X-Total-Count", "0");
        for (String bad : List.of("method=CASH", "result=OK", "sortField=USER", "count=abc")) {
            asPartner(partner).get(payments(invoice) + "?" + bad).then().statusCode(400)
                    .body("message", containsString(bad.substring(0, bad.indexOf('='))));
        }
    }

    @Test
    void aProviderThatFailsOrDropsTheConnectionLeavesThePaymentPendingNeverFailed() {
        for (String number : List.of(SandboxPaymentGateway.GATEWAY_ERROR, SandboxPaymentGateway.UNREACHABLE)) {
            int invoice = unpaidInvoiceWithCard(number);
            int pending = asPartner(partner).body(BY_CARD).post(payments(invoice)).then().statusCode(200)
                    .body("result", equalTo("PENDING")).body("transactionId", nullValue())
                    .body("gatewayResponse.code", equalTo("PROVIDER_NO_ANSWER")).extract().path("id");
            asPartner(partner).get("/api/billing/v1/invoices/" + invoice).then().body("status", equalTo("UNPAID"));
            // while it is PENDING, no other payment of the invoice starts, by card or otherwise
            asPartner(partner).body(BY_CARD).post(payments(invoice)).then().statusCode(409)
                    .body("code", equalTo("PAYMENT_PENDING")).body("message", containsString("payment " + pending));
            asPartner(partner).body(Map.of("method", "MANUAL")).post(payments(invoice)).then().statusCode(409)
                    .body("code", equalTo("PAYMENT_PENDING"));
            asPartner(partner).get(payments(invoice) + "?result=PENDING").then().header("X-Total-Count", "1");
            assertEquals(0, charges(invoice), "nothing was charged");
        }
        // test hygiene: these providers never answer, so their payments would stay PENDING for the other tests' jobs
        sql("update payment set result = 'FAILED' where partner = ? and result = 'PENDING'", partner);
    }

    @Test
    void badPaymentsAreRefusedNamingTheFieldAndRecordNothing() {
        int invoice = unpaidInvoiceWithCard(SandboxPaymentGateway.APPROVED);
        asPartner(partner).body(Map.of("method", "PAYPAL")).post(payments(invoice)).then().statusCode(400)
                .body("message", containsString("method: PAYPAL is not available"));
        asPartner(partner).body(Map.of("method", "BITCOIN")).post(payments(invoice)).then().statusCode(400)
                .body("message", containsString("method: must be one of CREDIT_CARD"));
        asPartner(partner).body(Map.of()).post(payments(invoice)).then().statusCode(400).body("message", containsString("method"));
        asPartner(partner).body(with(BY_CARD, "amount", 10)).post(payments(invoice)).then().statusCode(400)
                .body("message", containsString("amount: must be the invoice's total, 50.00 USD"));
        asPartner(partner).body(with(BY_CARD, "currency", "EUR")).post(payments(invoice)).then().statusCode(400)
                .body("message", containsString("currency: must be the invoice's currency, USD"));
        asPartner(partner).body(BY_CARD).header("Idempotency-Key", "has spaces in it").post(payments(invoice)).then()
                .statusCode(400).body("message", containsString("Idempotency-Key"));
        asPartner(partner).body(BY_CARD).post(payments(99999)).then().statusCode(404);
        asPartner(partner).get(payments(invoice)).then().header("X-Total-Count", "0");
        assertEquals(0, charges(invoice));
        // the amount and currency of the invoice are accepted
        asPartner(partner).body(with(with(BY_CARD, "amount", "50.00"), "currency", "USD")).post(payments(invoice)).then()
                .statusCode(200).body("result", equalTo("SUCCESSFUL"));
    }

    @Test
    void cardDataIsRefusedBeforeAnythingKeepsIt() {
        int invoice = unpaidInvoiceWithCard(SandboxPaymentGateway.APPROVED);
        String key = UUID.randomUUID().toString();
        Map<String, Object> withCard = with(BY_CARD, "creditCard", Map.of("number", SandboxPaymentGateway.APPROVED,
                "expirationMonth", 12, "expirationYear", 2099, "cvv", "123"));
        asPartner(partner).header("Idempotency-Key", key).body(withCard).post(payments(invoice)).then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", startsWith("creditCard: card data is not accepted: "
                        + "register the card instead")).body("message", containsString("/paymentMethods"))
                .body("message", not(containsString(SandboxPaymentGateway.APPROVED)));
        for (Object card : new Object[] { "4242424242424242", List.of(1, 2), null }) {
            Map<String, Object> body = new HashMap<>(BY_CARD);
            body.put("creditCard", card);
            asPartner(partner).body(body).post(payments(invoice)).then().statusCode(400)
                    .body("message", startsWith("creditCard: card data is not accepted"));
        }
        // nothing kept: no payment, no charge, no idempotency record (its fingerprint) of the refused request
        asPartner(partner).get(payments(invoice)).then().header("X-Total-Count", "0");
        assertEquals(0, charges(invoice));
        assertEquals(0, sql("select count(*) from idempotency_key where key = ?", key));
        asPartner(partner).get("/api/billing/v1/invoices/" + invoice).then().body("status", equalTo("UNPAID"));
    }

    @Test
    void withoutACardOnFileTheBuyerIsAskedForOne() {
        int invoice = unpaidInvoice();
        String key = UUID.randomUUID().toString();
        asPartner(partner).header("Idempotency-Key", key).body(BY_CARD).post(payments(invoice)).then().statusCode(400)
                .body("message", equalTo("method: no card on file: register one at /api/billing/v1/companies/" + company
                        + "/users/" + user + "/paymentMethods, then pay again"));
        JsonNode asked = DomainEvents.await(e -> "INVOICE_PAYMENT_CARD_REQUIRED".equals(e.path("type").asText())
                && partner.equals(e.path("partner").asText()), Duration.ofSeconds(30));
        JsonNode mail = asked.path("payload").path("notifications").path(0);
        assertEquals("CREDIT_CARD_REQUIRED", mail.path("type").asText());
        assertEquals("ann@acme.example", mail.path("recipients").path(0).asText());
        assertEquals("50.00", mail.path("parameters").path("amount").asText());
        assertTrue(mail.path("parameters").path("paymentMethodsUrl").asText().endsWith(paymentMethods(company, user)));
        asPartner(partner).get(payments(invoice)).then().header("X-Total-Count", "0");
        // the same request, once a card is on file, pays: the refusal kept no answer for its key
        cardOnFile(partner, company, user, SandboxPaymentGateway.APPROVED);
        asPartner(partner).header("Idempotency-Key", key).body(BY_CARD).post(payments(invoice)).then().statusCode(200)
                .header("Idempotent-Replayed", nullValue()).body("result", equalTo("SUCCESSFUL"));
    }

    @Test
    void paymentsMadeElsewhereAreTheChannelsToRecordAndCardsAreTheBuyersOrAdministratorsToUse() {
        int invoice = unpaidInvoiceWithCard(SandboxPaymentGateway.APPROVED);
        String own = InternalTokens.bearerAsUser(partner, user, Roles.USER);
        UUID colleague = UUID.randomUUID();
        FakeAccount.member(company, colleague, true, "ROLE_USER");
        as(own).body(Map.of("method", "MANUAL")).post(payments(invoice)).then().statusCode(403);
        as(InternalTokens.bearer(partner, Roles.PARTNER_READ)).body(BY_CARD).post(payments(invoice))
                .then().statusCode(403);
        as(InternalTokens.bearerAsUser(partner, colleague, Roles.USER)).body(BY_CARD)
                .post(payments(invoice)).then().statusCode(403);
        as(InternalTokens.bearer(newPartner(), Roles.PARTNER)).body(BY_CARD).post(payments(invoice))
                .then().statusCode(404);
        as(own).get(payments(invoice)).then().statusCode(200);
        as(InternalTokens.bearerAsUser(partner, colleague, Roles.USER)).get(payments(invoice)).then().statusCode(403);
        assertEquals(0, charges(invoice));
        as(own).body(BY_CARD).post(payments(invoice)).then().statusCode(200)
                .body("result", equalTo("SUCCESSFUL")).body("user.id", equalTo(user.toString()));

        int second = unpaidInvoice();
        UUID admin = UUID.randomUUID();
        FakeAccount.member(company, admin, true, "ROLE_BILLING_ADMIN");
        as(InternalTokens.bearerAsUser(partner, admin, Roles.USER)).body(BY_CARD)
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
        int invoice = unpaidInvoiceWithCard(SandboxPaymentGateway.APPROVED);
        String key = UUID.randomUUID().toString();
        JsonPath first = asPartner(partner).header("Idempotency-Key", key).body(BY_CARD)
                .post(payments(invoice)).then().statusCode(200).extract().jsonPath();
        asPartner(partner).header("Idempotency-Key", key).body(BY_CARD).post(payments(invoice)).then()
                .statusCode(200).header("Idempotent-Replayed", "true").body("id", equalTo(first.getInt("id")))
                .body("transactionId", equalTo(first.getString("transactionId")));
        asPartner(partner).header("Idempotency-Key", key).body(with(BY_CARD, "amount", "50.00"))
                .post(payments(invoice)).then().statusCode(422).body("code", equalTo("IDEMPOTENCY_KEY_REUSED"))
                .body("message", containsString("Idempotency-Key"));
        assertEquals(1, charges(invoice));
        asPartner(partner).get(payments(invoice)).then().header("X-Total-Count", "1");
        // the same key from another consumer is another key
        as(InternalTokens.bearer(new dev.marketplace.common.security.InternalToken.Claims("another-consumer", "channel", partner,
                java.util.Set.of(Roles.PARTNER), null, null))).header("Idempotency-Key", key)
                .body(BY_CARD).post(payments(invoice)).then().statusCode(409);

        // a retried request racing the first: one payment, one charge, the same answer for every copy
        int raced = unpaidInvoice();
        String racedKey = UUID.randomUUID().toString();
        List<JsonPath> answers = race(8, i -> asPartner(partner).header("Idempotency-Key", racedKey)
                .body(BY_CARD).post(payments(raced)).then().statusCode(200).extract().jsonPath());
        assertTrue(answers.stream().allMatch(a -> a.getInt("id") == answers.get(0).getInt("id")));
        assertEquals(1, charges(raced));
    }

    @Test
    void aStoredPaymentIsReplayedToItsOwnUserAloneAndOnlyOnceAuthorised() {
        int invoice = unpaidInvoiceWithCard(SandboxPaymentGateway.APPROVED);
        String key = UUID.randomUUID().toString();
        String own = InternalTokens.bearerAsUser(partner, user, Roles.USER);
        int paid = as(own).header("Idempotency-Key", key).body(BY_CARD).post(payments(invoice))
                .then().statusCode(200).extract().path("id");
        // a colleague who may not pay this invoice, same consumer, key and request: the 403 a fresh call gets
        UUID colleague = UUID.randomUUID();
        FakeAccount.member(company, colleague, true, "ROLE_USER");
        as(InternalTokens.bearerAsUser(partner, colleague, Roles.USER)).header("Idempotency-Key", key)
                .body(BY_CARD).post(payments(invoice)).then().statusCode(403)
                .header("Idempotent-Replayed", nullValue()).body("id", nullValue());
        // an administrator who may pay it: their own request (the invoice is paid: 409), not the buyer's stored answer
        UUID admin = UUID.randomUUID();
        FakeAccount.member(company, admin, true, "ROLE_BILLING_ADMIN");
        as(InternalTokens.bearerAsUser(partner, admin, Roles.USER)).header("Idempotency-Key", key)
                .body(BY_CARD).post(payments(invoice)).then().statusCode(409)
                .header("Idempotent-Replayed", nullValue());
        // the buyer, still allowed to pay it, gets the stored answer
        as(own).header("Idempotency-Key", key).body(BY_CARD).post(payments(invoice)).then()
                .statusCode(200).header("Idempotent-Replayed", "true").body("id", equalTo(paid));
        assertEquals(1, charges(invoice));
    }

    @Test
    void twoPaymentsOfOneInvoiceAtOnceChargeOnce() throws Exception {
        int invoice = unpaidInvoiceWithCard(SandboxPaymentGateway.APPROVED);
        List<Integer> codes = race(8, i -> asPartner(partner).body(BY_CARD).post(payments(invoice))
                .statusCode());
        assertEquals(1, codes.stream().filter(c -> c == 200).count(), codes.toString());
        assertTrue(codes.stream().allMatch(c -> c == 200 || c == 409), codes.toString());
        assertEquals(1, charges(invoice));
        asPartner(partner).get(payments(invoice)).then().header("X-Total-Count", "1");
    }

    @Test
    void voidingAPaidInvoiceRefundsItsPayment() {
        int invoice = unpaidInvoiceWithCard(SandboxPaymentGateway.APPROVED);
        asPartner(partner).body(BY_CARD).post(payments(invoice)).then().statusCode(200);
        asPartner(partner).body(Map.of("status", "VOIDED")).patch("/api/billing/v1/invoices/" + invoice).then().statusCode(200)
                .body("status", equalTo("VOIDED"));
        assertEquals(1, sql("select count(*) from refund r join invoice i on i.id = r.invoice_id where i.partner = ? "
                + "and i.invoice_number = ? and r.transaction_id like 're_%' and r.amount = 50", partner, invoice));
        JsonNode voided = DomainEvents.await(e -> "INVOICE_VOIDED".equals(e.path("type").asText())
                && partner.equals(e.path("partner").asText()), Duration.ofSeconds(30));
        assertEquals("CREDIT_CARD", voided.path("payload").path("refunds").path(0).path("method").asText());
        assertTrue(voided.path("payload").path("refunds").path(0).path("transactionId").asText().startsWith("re_"));
        asPartner(partner).get("/api/billing/v1/invoices/" + invoice).then().body("status", equalTo("VOIDED"));
    }
}
