package dev.marketplace.devstack;

import static org.hamcrest.Matchers.equalTo;
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
import org.junit.jupiter.api.Test;

import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * Collection and dunning through the gateway with AppDirect's SDK vendor app: a buyer whose card on file attaches but
 * is declined orders and reaches ACTIVE; the marketplace's test clock is moved past the invoice's due date and each
 * retry (1, 3 and 7 days after it), and each attempt emails PAYMENT_FAILED; after the last one the subscription is
 * SUSPENDED and the SDK's SubscriptionDeactivated handler ran. The buyer registers a good card and pays with
 * {"method":"CREDIT_CARD"}: PAID, ACTIVE again, and the SDK's SubscriptionReactivated handler ran.
 *
 * <p>The devstack has one marketplace (its bootstrap channel credentials), so this test moves that marketplace's clock
 * (about 22 days): no other end-to-end test depends on billing time, and the devstack's billing runs the collection job
 * rarely (Suite: COLLECTION_EVERY=24h), so invoices created after this test are collected only by a clock move.
 * Invoices other tests left UNPAID before it are collected by its moves like any other (their buyers get
 * CREDIT_CARD_REQUIRED, their subscriptions end suspended), which no test checks afterwards.
 */
class DunningEndToEndTest {
    private static final GatewayClient client = GatewayClient.bootstrapConsumer();
    private static final String DECLINED = "4000000000000002";
    private static final String APPROVED = "4242424242424242";
    private static VendorApp vendor;
    private static long productId;
    private static long editionId;
    private static String companyUuid;
    private static String userUuid;
    private static String buyerEmail;

    @BeforeAll
    static void sdkVendorProductAndCustomer() throws Exception {
        Suite.stack();
        vendor = VendorApp.get();
        JsonPath product = BillingSteps.sdkProduct(client, vendor, Map.of("name", "SDK Dunning",
                "description", "Collected every month", "vendorName", "SDK Vendor Inc",
                "editions", List.of(Map.of("code", "BASIC", "name", "Basic", "rank", 1, "primary", true,
                        "revenueType", "RECURRING", "plans", List.of(Map.of("frequency", "MONTHLY", "costs", List.of(
                                Map.of("unit", "USER", "minUnits", 1, "maxUnits", 100, "amount", Map.of("USD", 10)))))))),
                "SUBSCRIPTION_ORDER", "SUBSCRIPTION_CANCEL", "SUBSCRIPTION_CHANGE", "SUBSCRIPTION_NOTICE");
        productId = product.getLong("id");
        editionId = product.getLong("editions[0].id");

        String externalId = "dunning-e2e-" + UUID.randomUUID();
        buyerEmail = "late-" + externalId + "@e2e.example";
        BillingSteps.Buyer buyer = BillingSteps.company(client, "Late Payers", externalId, buyerEmail, "Lou", "Late");
        companyUuid = buyer.companyUuid();
        userUuid = buyer.userUuid();
    }

    @Test
    void aDeclinedCardIsRetriedThenTheSdkVendorIsToldOfTheSuspensionAndOfTheReactivationWhenPaid() throws Exception {
        registerCard(DECLINED);
        String orders = "/api/billing/v1/companies/" + companyUuid + "/users/" + userUuid + "/subscriptions";
        JsonPath created = client.signed("POST", orders).contentType(ContentType.JSON)
                .body(Map.of("productId", productId, "editionId", editionId, "items", List.of(Map.of("unit", "USER", "quantity", 3)),
                        "company", Map.of("name", "Late Payers", "country", "US"),
                        "user", Map.of("email", buyerEmail, "firstName", "Lou", "lastName", "Late")))
                .post(client.url(orders)).then().statusCode(201).extract().jsonPath();
        String subscription = created.getString("id");
        String account = awaitStatus(subscription, "ACTIVE").getString("accountIdentifier");
        int invoice = BillingSteps.awaitUnpaidInvoice(client, companyUuid, created.getLong("orderId"));
        String one = "/api/billing/v1/invoices/" + invoice;
        long due = client.signed("GET", one).get(client.url(one)).then().statusCode(200).extract().jsonPath().getLong("dueDate");
        assertTrue(due > System.currentTimeMillis(), "due later");

        // past the due date, then past each retry (1, 3 and 7 days after it): one declined charge and one email each
        String[] steps = { "P14DT1H", "P1D", "P2D", "P4D" };
        for (int attempt = 1; attempt <= steps.length; attempt++) {
            client.signed("POST", "/api/billing/v1/testClock/advance").contentType(ContentType.JSON)
                    .body(Map.of("by", steps[attempt - 1])).post(client.url("/api/billing/v1/testClock/advance")).then()
                    .statusCode(200);
            assertEquals(attempt, BillingSteps.charges(invoice), "charges after attempt " + attempt);
            awaitMails(buyerEmail, "Payment failed for invoice " + invoice, attempt);
        }
        String collection = one + "/collection";
        client.signed("GET", collection).get(client.url(collection)).then().statusCode(200).body("state", equalTo("OVERDUE"))
                .body("attempts", equalTo(4)).body("suspendedSubscriptions[0].subscriptionId", equalTo(subscription));
        JsonPath suspended = awaitStatus(subscription, "SUSPENDED");
        assertEquals("OVERDUE_INVOICE", suspended.getString("suspension.reason"));
        awaitVendorLog("VENDOR SUBSCRIPTION_NOTICE type=DEACTIVATED ", "accountIdentifier=" + account + " accountStatus=SUSPENDED");
        awaitMails(buyerEmail, "is suspended: an invoice is overdue", 1);

        // a good card as the default, and the buyer's own payment: PAID, ACTIVE again, the vendor told
        registerCard(APPROVED);
        String payments = one + "/payments";
        client.signed("POST", payments).contentType(ContentType.JSON).body(Map.of("method", "CREDIT_CARD"))
                .post(client.url(payments)).then().statusCode(200).body("result", equalTo("SUCCESSFUL"));
        client.signed("GET", one).get(client.url(one)).then().statusCode(200).body("status", equalTo("PAID"));
        awaitStatus(subscription, "ACTIVE");
        awaitVendorLog("VENDOR SUBSCRIPTION_NOTICE type=REACTIVATED ", "accountIdentifier=" + account + " accountStatus=ACTIVE");
        client.signed("GET", collection).get(client.url(collection)).then().statusCode(200).body("state", equalTo("PAID"));
        assertEquals(5, BillingSteps.charges(invoice), "four declined attempts and the payment");
    }

    private static void registerCard(String number) {
        String token = RestAssured.given().baseUri(Suite.stack().payments().url()).contentType(ContentType.JSON)
                .body(Map.of("card", Map.of("number", number, "expirationMonth", 12, "expirationYear", 2099)))
                .post("/v1/tokens").then().statusCode(200).extract().path("id");
        String cards = "/api/billing/v1/companies/" + companyUuid + "/users/" + userUuid + "/paymentMethods";
        client.signed("POST", cards).contentType(ContentType.JSON).body(Map.of("token", token, "default", true))
                .post(client.url(cards)).then().statusCode(201).body("default", equalTo(true));
    }

    private static JsonPath awaitStatus(String subscription, String status) throws InterruptedException {
        String path = "/api/billing/v1/subscriptions/" + subscription;
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (true) {
            JsonPath current = client.signed("GET", path).get(client.url(path)).then().statusCode(200).extract().jsonPath();
            if (status.equals(current.getString("status"))) {
                return current;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("subscription " + subscription + " is not " + status + " after 90 s: "
                        + current.prettify());
            }
            Thread.sleep(300);
        }
    }

    /** Waits until exactly {@code count} emails to the recipient have a subject containing {@code subject}. */
    private static void awaitMails(String recipient, String subject, int count) throws Exception {
        long deadline = System.currentTimeMillis() + 90_000;
        long found = 0;
        while (System.currentTimeMillis() < deadline) {
            found = 0;
            for (MimeMessage m : Suite.stack().mail().getReceivedMessages()) {
                boolean to = Arrays.stream(m.getRecipients(Message.RecipientType.TO)).anyMatch(a -> a.toString().contains(recipient));
                if (to && m.getSubject() != null && m.getSubject().contains(subject)) {
                    found++;
                }
            }
            if (found == count) {
                return;
            }
            assertTrue(found < count, found + " emails \"" + subject + "\" to " + recipient + ", expected " + count);
            Thread.sleep(500);
        }
        throw new AssertionError(found + " emails \"" + subject + "\" to " + recipient + " within 90 s, expected " + count);
    }

    /** Waits until the SDK vendor's log has a line with both parts (its handler logs what the SDK handed it). */
    private static void awaitVendorLog(String start, String part) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (vendor.log().lines().noneMatch(line -> line.contains(start) && line.contains(part))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no vendor log line with " + start + "… " + part + " after 60 s");
            }
            Thread.sleep(200);
        }
    }
}
