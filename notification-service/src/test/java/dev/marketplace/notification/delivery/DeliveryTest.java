package dev.marketplace.notification.delivery;

import static dev.marketplace.notification.TestEvents.await;
import static dev.marketplace.notification.TestEvents.envelope;
import static dev.marketplace.notification.TestEvents.notifying;
import static dev.marketplace.notification.TestEvents.publish;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.security.Roles;
import dev.marketplace.notification.Mailbox;
import dev.marketplace.notification.SmsProviderResource;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;

@QuarkusTest
class DeliveryTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private final String partner = "P" + UUID.randomUUID().toString().substring(0, 8);

    private RequestSpecification asPartner() {
        return given().header("Authorization", InternalTokens.bearer(partner, Roles.PARTNER));
    }

    private String address(String name) {
        return name + "-" + UUID.randomUUID().toString().substring(0, 8) + "@example.com";
    }

    private static Map<String, Object> invite(String companyName, String email) {
        Map<String, Object> parameters = new HashMap<>();
        parameters.put("companyName", companyName);
        parameters.put("inviterName", "Ann Admin");
        parameters.put("email", email);
        parameters.put("role", "USER");
        parameters.put("invitationUrl", "https://market.example/invitations/abc?x=1&y=2");
        return parameters;
    }

    private List<Map<String, Object>> deliveries(EventEnvelope event) {
        JsonPath body = asPartner().queryParam("eventId", event.id().toString()).get("/api/notification/v1/deliveries")
                .then().statusCode(200).extract().jsonPath();
        return body.getList("content");
    }

    private Map<String, Object> awaitDelivery(EventEnvelope event, String recipient, String status) {
        List<Map<String, Object>> found = new ArrayList<>();
        await(recipient + " " + status, WAIT, () -> {
            found.clear();
            deliveries(event).stream().filter(d -> recipient.equals(d.get("recipient")) && status.equals(d.get("status")))
                    .forEach(found::add);
            return !found.isEmpty();
        });
        return found.get(0);
    }

    @Test
    void anInvitationYieldsExactlyOneRenderedEmailEvenWhenTheEventArrivesTwice() throws InterruptedException {
        String invitee = address("invitee");
        EventEnvelope event = envelope("INVITATION_CREATED", partner, "INVITATION", UUID.randomUUID().toString(),
                notifying("INVITE_USER", "EMAIL", List.of(invitee), "en_US", invite("Acme & <Sons>", invitee)));
        publish(event);
        publish(event);
        Map<String, Object> delivery = awaitDelivery(event, invitee, "SENT");
        assertEquals(1, delivery.get("attempts"));
        assertEquals("EMAIL", delivery.get("channel"));
        assertEquals("INVITE_USER", delivery.get("type"));
        await("the email", WAIT, () -> Mailbox.of(invitee).size() == 1);
        Thread.sleep(1500); // several delivery-job runs later there is still only one
        List<Mailbox.Received> mails = Mailbox.of(invitee);
        assertEquals(1, mails.size());
        Mailbox.Received mail = mails.get(0);
        assertEquals("You're invited to join Acme & <Sons> on Test Market", mail.subject());
        assertTrue(mail.html().contains("<strong>Acme &amp; &lt;Sons&gt;</strong>"), mail.html());
        assertTrue(mail.html().contains("Ann Admin invited you (" + invitee + ")"), mail.html());
        assertTrue(mail.html().contains("href=\"https://market.example/invitations/abc?x=1&amp;y=2\""), mail.html());
        assertFalse(mail.html().contains("<Sons>"), mail.html());
        assertFalse(mail.html().contains("stop receiving"), "transactional email has no unsubscribe footer");
        assertEquals(event.id().toString(), mail.eventHeader());
        assertEquals(1, deliveries(event).size());
    }

    @Test
    void sendsOneMessagePerRecipientAndNotificationEntry() {
        String a = address("a");
        String b = address("b");
        Map<String, Object> payload = notifying("NEW_USER", "EMAIL", List.of(a, b, a), null,
                Map.of("firstName", "Jo", "lastName", "Doe", "email", a, "companyName", "Multi"));
        @SuppressWarnings("unchecked")
        List<Object> entries = (List<Object>) payload.get("notifications");
        entries.add(Map.of("type", "ACCOUNT_ACTIVATION", "recipients", List.of(a),
                "parameters", Map.of("firstName", "Jo", "activationUrl", "https://activate")));
        EventEnvelope event = envelope("USER_CREATED", partner, "USER", UUID.randomUUID().toString(), payload);
        publish(event);
        awaitDelivery(event, a, "SENT");
        awaitDelivery(event, b, "SENT");
        await("three emails", WAIT, () -> deliveries(event).stream().filter(d -> "SENT".equals(d.get("status"))).count() == 3);
        await("a's two emails", WAIT, () -> Mailbox.of(a).size() == 2);
        assertEquals(1, Mailbox.of(b).size());
        assertTrue(Mailbox.of(a).stream().anyMatch(m -> m.subject().equals("Please activate your Test Market account")));
        assertTrue(Mailbox.of(b).get(0).subject().equals("Welcome to Test Market"));
    }

    @Test
    void aMissingParameterRendersEmptyAndTheMessageStillGoesOut() {
        List<String> warnings = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Logger renderer = java.util.logging.Logger.getLogger(
                "dev.marketplace.notification.template.service.TemplateRenderer");
        java.util.logging.Handler capture = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord record) {
                warnings.add(record instanceof org.jboss.logmanager.ExtLogRecord ext ? ext.getFormattedMessage()
                        : record.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        renderer.addHandler(capture);
        try {
            String to = address("missing");
            EventEnvelope event = envelope("INVOICE_CREATED", partner, "INVOICE", "inv-1",
                    notifying("INVOICE", "EMAIL", List.of(to), "en", Map.of("invoiceNumber", "INV-9", "amount", 12.5)));
            publish(event);
            awaitDelivery(event, to, "SENT");
            await("the email", WAIT, () -> Mailbox.of(to).size() == 1);
            Mailbox.Received mail = Mailbox.of(to).get(0);
            assertEquals("Invoice INV-9 from Test Market", mail.subject());
            assertTrue(mail.html().contains("Invoice <strong>INV-9</strong> for  is available: 12.5 , due on ."), mail.html());
            // and the gap is logged, naming the event and the missing placeholders
            assertTrue(warnings.stream().anyMatch(w -> w.contains(event.id().toString()) && w.contains("companyName")
                    && w.contains("dueDate")), warnings.toString());
        } finally {
            renderer.removeHandler(capture);
        }
    }

    @Test
    void marketingEmailCarriesTheUnsubscribeElement() {
        String to = address("marketing");
        EventEnvelope event = envelope("USER_INACTIVE", partner, "USER", "u-1",
                notifying("INACTIVE_USER_LOGIN_REMINDER", "EMAIL", List.of(to), "en", Map.of()));
        publish(event);
        awaitDelivery(event, to, "SENT");
        await("the email", WAIT, () -> Mailbox.of(to).size() == 1);
        String html = Mailbox.of(to).get(0).html();
        assertTrue(html.contains("You have not logged in to Test Market"), html);
        assertTrue(html.contains("To stop receiving such emails"), html);
        assertTrue(html.indexOf("To stop receiving") > html.indexOf("You have not logged in"), "the element is at the bottom");
    }

    @Test
    void partnerTemplateLocaleFallbackAndCustomUnsubscribeAreUsedForSending() {
        asPartner().contentType(ContentType.JSON).body(Map.of("type", "WELCOME_USER", "locale", "fr",
                "subject", "Bienvenue sur {marketplaceName}", "content", "<p>Bonjour {partner}</p>"))
                .post("/api/notification/v1/templates/email").then().statusCode(200);
        asPartner().contentType(ContentType.JSON).body(Map.of("type", "UNSUBSCRIBE", "locale", "fr",
                "content", "<p>Se désabonner de {marketplaceName}</p>"))
                .post("/api/notification/v1/templates/common/email").then().statusCode(200);
        String to = address("french");
        EventEnvelope event = envelope("USER_CREATED", partner, "USER", "u-2",
                notifying("WELCOME_USER", "EMAIL", List.of(to), "fr_CA", Map.of("marketplaceName", "Marché")));
        publish(event);
        awaitDelivery(event, to, "SENT");
        await("the email", WAIT, () -> Mailbox.of(to).size() == 1);
        Mailbox.Received mail = Mailbox.of(to).get(0);
        assertEquals("Bienvenue sur Marché", mail.subject());
        assertTrue(mail.html().contains("<p>Bonjour " + partner + "</p>"), mail.html());
        assertTrue(mail.html().contains("Se désabonner de Marché"), mail.html());

        // another partner still gets the default template (the French default) for the same type and locale
        String other = address("other");
        EventEnvelope otherEvent = envelope("USER_CREATED", "X" + partner, "USER", "u-3",
                notifying("WELCOME_USER", "EMAIL", List.of(other), "fr_CA", Map.of()));
        publish(otherEvent);
        await("the other partner's email", WAIT, () -> Mailbox.of(other).size() == 1);
        Mailbox.Received otherMail = Mailbox.of(other).get(0);
        assertEquals("Bienvenue sur Test Market", otherMail.subject());
        assertFalse(otherMail.html().contains("Bonjour " + partner), otherMail.html());
        assertTrue(otherMail.html().contains("Pour ne plus recevoir ces courriels"), otherMail.html());
    }

    @Test
    void aDisabledTemplateFallsBackOrIsSkipped() {
        int fallbackId = asPartner().contentType(ContentType.JSON).body(Map.of("type", "CUSTOM_AD_HOC", "locale", "en",
                "subject", "Fallback subject", "content", "<p>fallback body</p>"))
                .post("/api/notification/v1/templates/email").then().statusCode(200).extract().path("id");
        asPartner().contentType(ContentType.JSON).body(Map.of("type", "PAYMENT_SUCCESSFUL", "locale", "en",
                "subject", "Never used", "content", "never", "enabled", false, "fallbackEmailTemplateId", fallbackId))
                .post("/api/notification/v1/templates/email").then().statusCode(200);
        asPartner().contentType(ContentType.JSON).body(Map.of("type", "PAYMENT_FAILED", "locale", "en",
                "subject", "Off", "content", "off", "enabled", false))
                .post("/api/notification/v1/templates/email").then().statusCode(200);

        String paid = address("paid");
        String failed = address("failed");
        Map<String, Object> payload = notifying("PAYMENT_SUCCESSFUL", "EMAIL", List.of(paid), "en", Map.of());
        @SuppressWarnings("unchecked")
        List<Object> entries = (List<Object>) payload.get("notifications");
        entries.add(Map.of("type", "PAYMENT_FAILED", "channel", "EMAIL", "recipients", List.of(failed), "parameters", Map.of()));
        EventEnvelope event = envelope("PAYMENT_PROCESSED", partner, "PAYMENT", "p-1", payload);
        publish(event);
        awaitDelivery(event, paid, "SENT");
        await("the fallback email", WAIT, () -> Mailbox.of(paid).size() == 1);
        assertEquals("Fallback subject", Mailbox.of(paid).get(0).subject());
        Map<String, Object> skipped = awaitDelivery(event, failed, "SKIPPED");
        assertTrue(skipped.get("lastError").toString().contains("disabled"), skipped.toString());
        assertEquals(0, Mailbox.of(failed).size());
    }

    @Test
    void smsReachesTheProviderWithCredentials() {
        String phone = "+1555" + (1_000_000 + (int) (Math.random() * 8_999_999));
        EventEnvelope event = envelope("USER_CREATED", partner, "USER", "u-4", notifying("ACTIVE_USER_TEMP_PASSWORD", "SMS",
                List.of(phone), "en", Map.of("temporaryPassword", "T3mp<&>")));
        publish(event);
        Map<String, Object> delivery = awaitDelivery(event, phone, "SENT");
        assertEquals("SMS", delivery.get("channel"));
        List<SmsProviderResource.Received> received = SmsProviderResource.receivedFor(phone);
        assertEquals(1, received.size());
        SmsProviderResource.Received sms = received.get(0);
        assertEquals("Your Test Market temporary password: T3mp<&>", sms.body().path("text").asText(),
                "SMS is plain text: nothing escaped");
        assertEquals("TestMarket", sms.body().path("from").asText());
        assertEquals(event.id() + ":0:" + phone, sms.body().path("reference").asText());
        assertEquals("Basic " + Base64.getEncoder().encodeToString(
                (SmsProviderResource.USERNAME + ":" + SmsProviderResource.PASSWORD).getBytes(StandardCharsets.UTF_8)),
                sms.authorization());
    }

    @Test
    void aFailingSmsAttemptIsRetriedWithBackoffAndRecorded() {
        String phone = "+1666" + (1_000_000 + (int) (Math.random() * 8_999_999));
        SmsProviderResource.failFor(phone, 1, 503);
        EventEnvelope event = envelope("PAYMENT_PROCESSED", partner, "PAYMENT", "p-2", notifying("PAYMENT_FAILED", "SMS",
                List.of(phone), "en", Map.of("amount", "10", "currency", "USD", "invoiceNumber", "7")));
        publish(event);
        Map<String, Object> delivery = awaitDelivery(event, phone, "SENT");
        assertEquals(2, delivery.get("attempts"));
        assertTrue(delivery.get("lastError").toString().contains("503"), delivery.toString());
        List<SmsProviderResource.Received> received = SmsProviderResource.receivedFor(phone);
        assertEquals(2, received.size());
        assertEquals(503, received.get(0).answeredWith());
        assertEquals(202, received.get(1).answeredWith());
    }

    @Test
    void deliveryIsGivenUpAfterTheLastAttemptOrAtOnceWhenTheProviderRejectsIt() {
        String down = "+1777" + (1_000_000 + (int) (Math.random() * 8_999_999));
        String rejected = "+1888" + (1_000_000 + (int) (Math.random() * 8_999_999));
        SmsProviderResource.failFor(down, 100, 500);
        SmsProviderResource.failFor(rejected, 100, 400);
        EventEnvelope event = envelope("PAYMENT_PROCESSED", partner, "PAYMENT", "p-3", notifying("PAYMENT_FAILED", "SMS",
                List.of(down, rejected), "en", Map.of()));
        publish(event);
        Map<String, Object> gaveUp = awaitDelivery(event, down, "FAILED");
        assertEquals(3, gaveUp.get("attempts"), "max-attempts is 3 in tests");
        assertTrue(gaveUp.get("lastError").toString().contains("500"), gaveUp.toString());
        assertEquals(3, SmsProviderResource.receivedFor(down).size());
        Map<String, Object> refused = awaitDelivery(event, rejected, "FAILED");
        assertEquals(1, refused.get("attempts"));
        assertTrue(refused.get("lastError").toString().contains("400"), refused.toString());
        assertEquals(1, SmsProviderResource.receivedFor(rejected).size());
    }

    @Test
    void unusableNotificationsAreRecordedAsFailedNotDropped() {
        String bad = "not-an-address";
        Map<String, Object> payload = notifying("INVITE_USER", "EMAIL", List.of(bad), "en", Map.of());
        @SuppressWarnings("unchecked")
        List<Object> entries = (List<Object>) payload.get("notifications");
        entries.add(Map.of("type", "NO_SUCH_TYPE", "recipients", List.of("x@example.com")));
        entries.add(Map.of("type", "INVITE_USER", "channel", "PIGEON", "recipients", List.of("y@example.com")));
        entries.add(Map.of("type", "SUBSCRIPTION_ORDER", "channel", "SMS", "recipients", List.of("+15550001111")));
        EventEnvelope event = envelope("MIXED", partner, "THING", "m-1", payload);
        publish(event);
        await("three failed records and a skipped one", WAIT,
                () -> deliveries(event).stream().filter(d -> "FAILED".equals(d.get("status"))).count() == 3
                        && deliveries(event).stream().filter(d -> "SKIPPED".equals(d.get("status"))).count() == 1);
        List<Map<String, Object>> rows = deliveries(event);
        assertTrue(rows.stream().anyMatch(d -> bad.equals(d.get("recipient"))
                && d.get("lastError").toString().contains("email address")));
        assertTrue(rows.stream().anyMatch(d -> d.get("lastError").toString().contains("NotificationTemplateType")));
        assertTrue(rows.stream().anyMatch(d -> d.get("lastError").toString().contains("EMAIL or SMS")));
        // an SMS of a type without any SMS template is not an error: the marketplace sends no SMS of that type
        assertTrue(rows.stream().anyMatch(d -> "SKIPPED".equals(d.get("status"))
                && d.get("lastError").toString().contains("no SMS template")));
        assertEquals(0, SmsProviderResource.receivedFor("+15550001111").size());
    }

    @Test
    void deliveryRecordsAreScopedAndValidated() {
        asPartner().queryParam("eventId", "nope").get("/api/notification/v1/deliveries").then().statusCode(400);
        asPartner().queryParam("status", "LOST").get("/api/notification/v1/deliveries").then().statusCode(400);
        given().header("Authorization", InternalTokens.bearer(partner, Roles.USER)).get("/api/notification/v1/deliveries")
                .then().statusCode(403);
        String to = address("scoped");
        EventEnvelope event = envelope("USER_CREATED", partner, "USER", "u-9",
                notifying("NEW_USER", "EMAIL", List.of(to), "en", Map.of()));
        publish(event);
        awaitDelivery(event, to, "SENT");
        given().header("Authorization", InternalTokens.bearer("Z" + partner, Roles.PARTNER))
                .queryParam("eventId", event.id().toString()).get("/api/notification/v1/deliveries").then().statusCode(200)
                .body("page.totalElements", equalTo(0));
        assertNotNull(awaitDelivery(event, to, "SENT").get("sentOn"));
    }

    /** What every producer writes: a payload record of its own with {@code NotificationRequest} entries (libs/common). */
    record PaymentPayload(String invoiceNumber, java.math.BigDecimal amount, List<NotificationRequest> notifications) {
    }

    @Test
    void readsTheNotificationRequestsAProducerWritesThroughItsPayloadRecord() {
        String to = address("typed");
        Map<String, Object> parameters = new java.util.LinkedHashMap<>();
        parameters.put("firstName", "Ty");
        parameters.put("companyName", "Typed Inc");
        parameters.put("amount", new java.math.BigDecimal("12.50"));
        PaymentPayload payload = new PaymentPayload("INV-7", new java.math.BigDecimal("12.50"),
                List.of(NotificationRequest.email("NEW_USER", List.of(to), null, parameters)));
        EventEnvelope event = new EventEnvelope(UUID.randomUUID(), "PAYMENT_PROCESSED", System.currentTimeMillis(), partner,
                "billing-service", new EventEnvelope.Aggregate("PAYMENT", "p-typed"), Map.of("source", "billing-service"),
                dev.marketplace.notification.TestEvents.MAPPER.valueToTree(payload));
        publish(event);
        Map<String, Object> sent = awaitDelivery(event, to, "SENT");
        assertEquals("EMAIL", sent.get("channel"));
        assertEquals("en_US", sent.get("locale"));
        await("the email", WAIT, () -> Mailbox.of(to).size() == 1);
        assertTrue(Mailbox.of(to).get(0).html().contains("Ty"), Mailbox.of(to).get(0).html());
    }

    /** lead-service's digest payload: the leads it lists, and the notification it asks for. */
    record DigestPayload(List<String> leadIds, int leadCount, List<NotificationRequest> notifications) {
    }

    /**
     * SALES_LEAD_DIGEST, as lead-service writes it for the anonymous leads it held for one address: the default template
     * shows the count and one lead per line, the public's text escaped.
     */
    @Test
    void aLeadDigestIsRenderedWithItsLeadsOnePerLine() {
        String to = address("sales");
        Map<String, Object> parameters = new java.util.LinkedHashMap<>();
        parameters.put("leadCount", "2");
        parameters.put("leads", "- Acme & Sons: Ann Lee <ann@acme.example>, Appsome (lead 1)\n"
                + "- <b>Evil</b>: Eve <eve@x.example>, Appsome (lead 2)");
        DigestPayload payload = new DigestPayload(List.of("1", "2"), 2,
                List.of(NotificationRequest.email("SALES_LEAD_DIGEST", List.of(to), null, parameters)));
        EventEnvelope event = new EventEnvelope(UUID.randomUUID(), "LEAD_NOTICE_DIGEST", System.currentTimeMillis(), partner,
                "lead-service", new EventEnvelope.Aggregate("LEAD_NOTICE", UUID.randomUUID().toString()),
                Map.of("source", "lead-service"), dev.marketplace.notification.TestEvents.MAPPER.valueToTree(payload));
        publish(event);
        assertEquals("SALES_LEAD_DIGEST", awaitDelivery(event, to, "SENT").get("type"));
        await("the email", WAIT, () -> Mailbox.of(to).size() == 1);
        Mailbox.Received mail = Mailbox.of(to).get(0);
        assertEquals("2 new sales leads on Test Market", mail.subject());
        String html = mail.html().replace("\r\n", "\n");
        assertTrue(html.contains("- Acme &amp; Sons: Ann Lee &lt;ann@acme.example&gt;, Appsome (lead 1)\n"
                + "- &lt;b&gt;Evil&lt;/b&gt;: Eve"), html);
        assertTrue(mail.html().contains("<pre"), mail.html());
    }

    /**
     * REFUND, as billing-service writes it when voiding a PAID invoice refunds its card payment (INVOICE_VOIDED, its
     * {@code invoice}, {@code refunds} and the buyer's email): the default template gives the amount, the currency, the
     * invoice and the company, in the subject and the body, and the SMS default likewise.
     */
    @Test
    void aRefundIsRenderedWithItsAmountCurrencyAndInvoice() {
        String to = address("refunded");
        Map<String, Object> parameters = new java.util.LinkedHashMap<>();
        parameters.put("companyName", "Acme & Sons");
        parameters.put("invoiceNumber", 42L);
        parameters.put("amount", "1250.50");
        parameters.put("currency", "USD");
        Map<String, Object> payload = new java.util.LinkedHashMap<>();
        payload.put("invoice", Map.of("invoiceId", 42, "status", "VOIDED"));
        payload.put("refunds", List.of(Map.of("paymentId", 7, "method", "CREDIT_CARD", "amount", new java.math.BigDecimal("1250.50"),
                "currency", "USD", "transactionId", "re_1")));
        payload.put("notifications", List.of(NotificationRequest.email("REFUND", List.of(to), "en_US", parameters)));
        EventEnvelope event = new EventEnvelope(UUID.randomUUID(), "INVOICE_VOIDED", System.currentTimeMillis(), partner,
                "billing-service", new EventEnvelope.Aggregate("INVOICE", "42"), Map.of("source", "billing-service"),
                dev.marketplace.notification.TestEvents.MAPPER.valueToTree(payload));
        publish(event);
        assertEquals("REFUND", awaitDelivery(event, to, "SENT").get("type"));
        await("the email", WAIT, () -> Mailbox.of(to).size() == 1);
        Mailbox.Received mail = Mailbox.of(to).get(0);
        assertEquals("Refund of 1250.50 USD for invoice 42", mail.subject());
        assertTrue(mail.html().contains("Invoice <strong>42</strong> of Acme &amp; Sons was voided: 1250.50 USD"), mail.html());
        assertTrue(mail.html().contains("The Test Market team"), mail.html());

        String phone = "+1555" + (1_000_000 + (int) (Math.random() * 8_999_999));
        EventEnvelope sms = envelope("INVOICE_VOIDED", partner, "INVOICE", "42", notifying("REFUND", "SMS", List.of(phone), "en",
                parameters));
        publish(sms);
        awaitDelivery(sms, phone, "SENT");
        assertEquals("Test Market: 1250.50 USD refunded for invoice 42",
                SmsProviderResource.receivedFor(phone).get(0).body().path("text").asText());
    }
}
