package dev.marketplace.devstack;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.mail.Message;
import jakarta.mail.internet.MimeMessage;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import com.icegreen.greenmail.util.GreenMailUtil;

import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * Billing through the gateway, end to end: an order of AppDirect's SDK vendor (placed twice with one Idempotency-Key)
 * becomes ACTIVE and is invoiced; the buyer puts a card on file by a token of the sandbox provider (obtained from its
 * {@code /v1/tokens} as a browser would) and pays the invoice with {@code {"method": "CREDIT_CARD"}} (the retried payment
 * pays once); the vendor reports metered usage signed with its own credentials; and the buyer receives the INVOICE and
 * PAYMENT_SUCCESSFUL emails rendered by notification-service. Exchange rates and discounts answer through the gateway.
 */
class BillingEndToEndTest {
    private static final GatewayClient client = GatewayClient.bootstrapConsumer();
    private static VendorApp vendor;
    private static long productId;
    private static long editionId;
    private static String consumerKey;
    private static String consumerSecret;
    private static String companyUuid;
    private static String userUuid;
    private static String buyerEmail;

    @BeforeAll
    static void sdkVendorProductAndCustomer() throws Exception {
        Suite.stack();
        vendor = VendorApp.get();
        JsonPath product = BillingSteps.sdkProduct(client, vendor, Map.of("name", "SDK Billing",
                "description", "Billed through the marketplace", "vendorName", "SDK Vendor Inc",
                "editions", List.of(Map.of("code", "BASIC", "name", "Basic", "rank", 1, "primary", true,
                        "revenueType", "RECURRING", "plans", List.of(Map.of("frequency", "MONTHLY", "costs", List.of(
                                Map.of("unit", "USER", "minUnits", 1, "maxUnits", 100, "amount", Map.of("USD", 10)),
                                Map.of("unit", "GIGABYTE", "minUnits", 0, "meteredUsage", true,
                                        "amount", Map.of("USD", 0.5)))))))),
                "SUBSCRIPTION_ORDER", "SUBSCRIPTION_CANCEL", "SUBSCRIPTION_CHANGE", "USER_ASSIGNMENT", "USER_UNASSIGNMENT");
        productId = product.getLong("id");
        editionId = product.getLong("editions[0].id");
        consumerKey = product.getString("integration.consumerKey");
        consumerSecret = product.getString("integration.consumerSecret");

        String externalId = "billing-e2e-" + UUID.randomUUID();
        buyerEmail = "payer-" + externalId + "@e2e.example";
        BillingSteps.Buyer buyer = BillingSteps.company(client, "Paying Co", externalId, buyerEmail, "Pia", "Payer");
        companyUuid = buyer.companyUuid();
        userUuid = buyer.userUuid();
    }

    @Test
    void anSdkVendorOrderIsInvoicedPaidByCardAndTheBuyerIsEmailed() throws Exception {
        String orders = "/api/billing/v1/companies/" + companyUuid + "/users/" + userUuid + "/subscriptions";
        Map<String, Object> order = Map.of("productId", productId, "editionId", editionId,
                "items", List.of(Map.of("unit", "USER", "quantity", 5)),
                "company", Map.of("name", "Paying Co", "country", "US"),
                "user", Map.of("email", buyerEmail, "firstName", "Pia", "lastName", "Payer"));
        String key = UUID.randomUUID().toString();
        String subscription = client.signed("POST", orders).header("Idempotency-Key", key).contentType(ContentType.JSON)
                .body(order).post(client.url(orders)).then().statusCode(201).extract().path("id");
        client.signed("POST", orders).header("Idempotency-Key", key).contentType(ContentType.JSON).body(order)
                .post(client.url(orders)).then().statusCode(201).header("Idempotent-Replayed", "true")
                .body("id", equalTo(subscription));
        JsonPath active = awaitActive(subscription);
        String account = active.getString("accountIdentifier");

        // the order's first invoice: 5 users at 10 USD
        String invoices = "/api/billing/v1/companies/" + companyUuid + "/invoices";
        JsonPath listing = awaitInvoices(invoices);
        int invoice = listing.getInt("[0].invoiceId");
        assertEquals(50.0f, listing.getFloat("[0].total"));
        assertEquals("UNPAID", listing.getString("[0].status"));

        // the buyer's card, tokenised at the devstack's sandbox provider as a browser would (the only place its number
        // goes), then registered by token: the API never sees the number
        String token = RestAssured.given().baseUri(Suite.stack().payments().url()).contentType(ContentType.JSON)
                .body(Map.of("card", Map.of("number", "4242424242424242", "expirationMonth", 12, "expirationYear", 2099)))
                .post("/v1/tokens").then().statusCode(200).body("card.last4", equalTo("4242")).extract().path("id");
        String cards = "/api/billing/v1/companies/" + companyUuid + "/users/" + userUuid + "/paymentMethods";
        client.signed("POST", cards).contentType(ContentType.JSON).body(Map.of("token", token, "default", true))
                .post(client.url(cards)).then().statusCode(201).body("last4", equalTo("4242")).body("brand", equalTo("visa")).body("default", equalTo(true));

        // paid by the default card on file (AppDirect's {"method": "CREDIT_CARD"}); the retried request pays nothing more
        String payments = "/api/billing/v1/invoices/" + invoice + "/payments";
        Map<String, Object> card = Map.of("method", "CREDIT_CARD");
        String paymentKey = UUID.randomUUID().toString();
        int payment = client.signed("POST", payments).header("Idempotency-Key", paymentKey).contentType(ContentType.JSON)
                .body(card).post(client.url(payments)).then().statusCode(200).body("result", equalTo("SUCCESSFUL"))
                .body("transactionId", startsWith("ch_")).extract().path("id");
        client.signed("POST", payments).header("Idempotency-Key", paymentKey).contentType(ContentType.JSON).body(card)
                .post(client.url(payments)).then().statusCode(200).header("Idempotent-Replayed", "true")
                .body("id", equalTo(payment));
        String one = "/api/billing/v1/invoices/" + invoice;
        client.signed("GET", one).get(client.url(one)).then().statusCode(200).body("status", equalTo("PAID"));
        long charged = Suite.stack().payments().gateway().charges().stream()
                .filter(c -> c.path("reference").asText().endsWith("/invoice/" + invoice + "/payment/" + payment)).count();
        assertEquals(1, charged, "the card was charged once");

        // the vendor reports usage with its own credentials; the channel's credentials are refused there
        String usage = "/api/integration/v1/billing/usage";
        Map<String, Object> report = Map.of("id", "e2e-" + UUID.randomUUID(), "accountIdentifier", account,
                "items", List.of(Map.of("unit", "GIGABYTE", "quantity", 4)));
        new GatewayClient(Suite.stack().gatewayUrl(), consumerKey, consumerSecret).signed("POST", usage)
                .contentType(ContentType.JSON).body(report).post(client.url(usage)).then().statusCode(200)
                .body("success", equalTo(true)).body("total", equalTo(2.0f));
        client.signed("POST", usage).contentType(ContentType.JSON).body(report).post(client.url(usage)).then().statusCode(403);

        // the buyer's emails, rendered from the marketplace's templates
        MimeMessage invoiceMail = awaitMail(buyerEmail, "Invoice " + invoice);
        assertTrue(GreenMailUtil.getBody(invoiceMail).contains("50.00"), GreenMailUtil.getBody(invoiceMail));
        MimeMessage paidMail = awaitMail(buyerEmail, "Payment received for invoice " + invoice);
        String body = GreenMailUtil.getBody(paidMail);
        assertTrue(!body.contains("{amount}") && !body.contains("{invoiceNumber}"), "placeholders are rendered: " + body);
    }

    @Test
    void exchangeRatesAndDiscountsAnswerThroughTheGateway() {
        String rates = "/api/channel/v1/exchangeRates";
        String rate = client.signed("POST", rates).contentType(ContentType.JSON)
                .body(Map.of("baseCurrency", "EUR", "counterCurrency", "USD", "rate", 1.08)).post(client.url(rates)).then()
                .statusCode(200).extract().path("currencyExchangeRateUuid");
        client.signed("GET", rates + "?baseCurrency=EUR").get(client.url(rates + "?baseCurrency=EUR")).then().statusCode(200)
                .body("page.size", equalTo(20));
        client.signed("PATCH", rates + "/" + rate).contentType(ContentType.JSON).body(Map.of("active", true))
                .patch(client.url(rates + "/" + rate)).then().statusCode(400).body("code", equalTo("INVALID_FIELD"));
        String discounts = "/api/channel/v1/discounts";
        String code = "E2E" + UUID.randomUUID().toString().substring(0, 8).toUpperCase();
        int id = client.signed("POST", discounts).contentType(ContentType.JSON)
                .body(Map.of("code", code, "description", "End to end", "type", "PERCENTAGE", "percentage", 5, "autoApply", false))
                .post(client.url(discounts)).then().statusCode(201).extract().path("id");
        client.signed("GET", discounts + "?code=" + code).get(client.url(discounts + "?code=" + code)).then().statusCode(200)
                .header("X-Total-Count", "1").body("[0].id", equalTo(id));
        client.signed("DELETE", discounts + "/" + id).delete(client.url(discounts + "/" + id)).then().statusCode(204);
    }

    /**
     * The crash test of a card payment (run with {@code -Pfaults}): billing-service halts (a test-only fault point,
     * {@code PAYMENT_FAULT_HALT_AFTER_PROVIDER_ANSWER}) right after the sandbox provider answered a charge and before the
     * answer is recorded; restarted, its reconciliation job finds the charge by its key: the invoice is PAID once, the
     * card charged once.
     */
    @Test
    @Tag("faults")
    void aCrashBetweenTheProvidersAnswerAndItsRecordChargesTheCardOnce() throws Exception {
        String orders = "/api/billing/v1/companies/" + companyUuid + "/users/" + userUuid + "/subscriptions";
        Map<String, Object> order = Map.of("productId", productId, "editionId", editionId,
                "items", List.of(Map.of("unit", "USER", "quantity", 3)),
                "company", Map.of("name", "Paying Co", "country", "US"),
                "user", Map.of("email", buyerEmail, "firstName", "Pia", "lastName", "Payer"));
        JsonPath created = client.signed("POST", orders).contentType(ContentType.JSON).body(order)
                .post(client.url(orders)).then().statusCode(201).extract().jsonPath();
        long orderId = created.getLong("orderId");
        awaitActive(created.getString("id"));
        int invoice = BillingSteps.awaitUnpaidInvoice(client, companyUuid, orderId);
        String token = RestAssured.given().baseUri(Suite.stack().payments().url()).contentType(ContentType.JSON)
                .body(Map.of("card", Map.of("number", "5555555555554444", "expirationMonth", 12, "expirationYear", 2099)))
                .post("/v1/tokens").then().statusCode(200).extract().path("id");
        String cards = "/api/billing/v1/companies/" + companyUuid + "/users/" + userUuid + "/paymentMethods";
        client.signed("POST", cards).contentType(ContentType.JSON).body(Map.of("token", token, "default", true))
                .post(client.url(cards)).then().statusCode(201);

        DevStack stack = Suite.stack();
        stack.kill("billing-service");
        stack.restart("billing-service", Map.of("PAYMENT_FAULT_HALT_AFTER_PROVIDER_ANSWER", "true"));
        String payments = "/api/billing/v1/invoices/" + invoice + "/payments";
        int status = client.signed("POST", payments).contentType(ContentType.JSON).body(Map.of("method", "CREDIT_CARD"))
                .post(client.url(payments)).statusCode();
        assertTrue(status >= 500, "billing died while paying: " + status);
        assertTrue(stack.awaitExit("billing-service", 30), "the fault point halted billing-service");
        assertEquals(1, BillingSteps.charges(invoice), "the provider charged before billing died");

        // restarted with a reconciliation that runs every second and looks up at once
        stack.restart("billing-service", Map.of("PAYMENT_PENDING_GRACE", "0s", "PAYMENT_RECONCILE_EVERY", "1s"));
        String one = "/api/billing/v1/invoices/" + invoice;
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!"PAID".equals(client.signed("GET", one).get(client.url(one)).then().statusCode(200).extract().path("status"))) {
            assertTrue(System.nanoTime() < deadline, "invoice " + invoice + " not PAID 60 s after the restart");
            Thread.sleep(500);
        }
        client.signed("GET", payments).get(client.url(payments)).then().statusCode(200).header("X-Total-Count", "1")
                .body("[0].result", equalTo("SUCCESSFUL"));
        assertEquals(1, BillingSteps.charges(invoice), "charged exactly once");
        // the stack's own billing-service again
        stack.kill("billing-service");
        stack.restart("billing-service");
    }

    private static JsonPath awaitActive(String subscription) throws InterruptedException {
        String path = "/api/billing/v1/subscriptions/" + subscription;
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (true) {
            JsonPath current = client.signed("GET", path).get(client.url(path)).then().statusCode(200).extract().jsonPath();
            if ("ACTIVE".equals(current.getString("status"))) {
                return current;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("subscription " + subscription + " is not ACTIVE after 90 s: " + current.prettify());
            }
            Thread.sleep(300);
        }
    }

    private static JsonPath awaitInvoices(String path) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            JsonPath listing = client.signed("GET", path).get(client.url(path)).then().statusCode(200).extract().jsonPath();
            if (!listing.getList("$").isEmpty()) {
                return listing;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no invoice of the company after 30 s");
            }
            Thread.sleep(300);
        }
    }

    private static MimeMessage awaitMail(String recipient, String subject) throws Exception {
        long deadline = System.currentTimeMillis() + 90_000;
        while (System.currentTimeMillis() < deadline) {
            for (MimeMessage m : Suite.stack().mail().getReceivedMessages()) {
                boolean to = Arrays.stream(m.getRecipients(Message.RecipientType.TO)).anyMatch(a -> a.toString().contains(recipient));
                if (to && m.getSubject() != null && m.getSubject().contains(subject)) {
                    return m;
                }
            }
            Thread.sleep(500);
        }
        throw new AssertionError("no email \"" + subject + "\" to " + recipient + " within 90 s");
    }
}
