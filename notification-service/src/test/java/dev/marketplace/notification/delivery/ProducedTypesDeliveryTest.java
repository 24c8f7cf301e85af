package dev.marketplace.notification.delivery;

import static dev.marketplace.notification.TestEvents.await;
import static dev.marketplace.notification.TestEvents.envelope;
import static dev.marketplace.notification.TestEvents.notifying;
import static dev.marketplace.notification.TestEvents.publish;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.security.Roles;
import dev.marketplace.notification.Mailbox;
import dev.marketplace.notification.SmsProviderResource;
import dev.marketplace.testkit.InternalTokens;
import io.restassured.http.ContentType;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Issue 45: the types billing-service and lead-service start sending are rendered from their defaults with exactly
 * the parameters the producers write (OutcomeNotices, DiscountNotices, LeadNotifications), in English and French, and
 * the SMS a producer offers beside an email reaches the SMS provider when the marketplace has an enabled SMS template
 * of the type, and is SKIPPED when it has none or disabled it. Through the real path: Kafka, the delivery job, the SMTP
 * server and the SMS provider (a real HTTP server).
 */
@QuarkusTest
class ProducedTypesDeliveryTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private final String partner = "P" + UUID.randomUUID().toString().substring(0, 8);

    private static String address(String name) {
        return name + "-" + UUID.randomUUID().toString().substring(0, 8) + "@example.com";
    }

    private static String phone() {
        return "+1888" + (1_000_000 + (int) (Math.random() * 8_999_999));
    }

    /** The body with each line break (CRLF on the wire) as one space. */
    private static String oneLine(Mailbox.Received mail) {
        return mail.html().replaceAll("\\s*\\R\\s*", " ");
    }

    private Mailbox.Received onlyMail(String recipient) {
        await("the email to " + recipient, WAIT, () -> Mailbox.of(recipient).size() == 1);
        return Mailbox.of(recipient).get(0);
    }

    private void awaitStatus(EventEnvelope event, String recipient, String status) {
        await(recipient + " " + status, WAIT, () -> given().header("Authorization", InternalTokens.bearer(partner, Roles.PARTNER))
                .queryParam("eventId", event.id().toString()).get("/api/notification/v1/deliveries")
                .then().statusCode(200).extract().jsonPath().<Map<String, Object>> getList("content").stream()
                .anyMatch(d -> recipient.equals(d.get("recipient")) && status.equals(d.get("status"))));
    }

    /** An event whose payload carries {@code type} by email to {@code email} and by SMS to {@code phone}. */
    private EventEnvelope emailAndSms(String eventType, String type, String email, String phone, String locale,
            Map<String, Object> parameters) {
        Map<String, Object> payload = notifying(type, "EMAIL", List.of(email), locale, parameters);
        @SuppressWarnings("unchecked")
        List<Object> entries = (List<Object>) payload.get("notifications");
        entries.add(Map.of("type", type, "channel", "SMS", "recipients", List.of(phone), "locale", locale,
                "parameters", parameters));
        EventEnvelope event = envelope(eventType, partner, "THING", UUID.randomUUID().toString(), payload);
        publish(event);
        return event;
    }

    private static Map<String, Object> order(String extraName, String extraValue) {
        return Map.of("firstName", "Ann", "companyName", "Acme & Co", "productName", "Tableur", "editionName", "Pro",
                "orderId", "4712", extraName, extraValue);
    }

    private static Map<String, Object> lead() {
        return Map.of("leadId", "lead-77", "companyName", "Globex", "contactName", "John Doe", "contactEmail",
                "john@globex.example", "productName", "Appsome", "recipientName", "Reseller B");
    }

    @Test
    void aFailedOrderReachesTheBuyerByEmailAndSms() {
        String to = address("failed");
        String phone = phone();
        EventEnvelope event = emailAndSms("SUBSCRIPTION_ORDER_FAILED", "FAILED_ORDER", to, phone, "en_US",
                order("errorMessage", "Too many users"));
        Mailbox.Received mail = onlyMail(to);
        assertEquals("Your order of Tableur could not be completed", mail.subject());
        assertTrue(oneLine(mail).contains("The order of <strong>Tableur</strong> (Pro) for Acme &amp; Co could not be completed"
                + " by its vendor. Order number: 4712."), mail.html());
        assertTrue(mail.html().contains("The vendor's answer: Too many users"), mail.html());
        awaitStatus(event, phone, "SENT");
        assertEquals("Test Market: your order 4712 of Tableur could not be completed",
                SmsProviderResource.receivedFor(phone).get(0).body().path("text").asText());
    }

    @Test
    void anEditionChangeIsAnnouncedInFrench() {
        String to = address("upgrade");
        String phone = phone();
        EventEnvelope event = emailAndSms("SUBSCRIPTION_CHANGE_SUCCEEDED", "SUBSCRIPTION_UPGRADE", to, phone, "fr_CA",
                order("previousEditionName", "Basique"));
        Mailbox.Received mail = onlyMail(to);
        assertEquals("Votre abonnement à Tableur a été modifié", mail.subject());
        assertTrue(mail.html().contains("<p>Bonjour Ann,</p>"), mail.html());
        assertTrue(oneLine(mail).contains("est passé de Basique à <strong>Pro</strong>. Numéro de commande : 4712."), mail.html());
        awaitStatus(event, phone, "SENT");
        assertEquals("Test Market : Tableur est passé de Basique à Pro",
                SmsProviderResource.receivedFor(phone).get(0).body().path("text").asText());
    }

    @Test
    void anAcceptedLeadReachesTheAssigneeByEmailAndSmsUnlessTheMarketplaceDisabledTheSms() {
        String to = address("accepted");
        String phone = phone();
        EventEnvelope event = emailAndSms("LEAD_CONVERSION_APPROVED", "SALES_LEAD_ACCEPTED", to, phone, "en_US", lead());
        Mailbox.Received mail = onlyMail(to);
        assertEquals("Conversion approved: Globex", mail.subject());
        assertTrue(mail.html().contains("Test Market accepted the request of Reseller B to convert the lead lead-77: John Doe"),
                mail.html());
        awaitStatus(event, phone, "SENT");
        assertEquals("Test Market: conversion of the lead Globex approved",
                SmsProviderResource.receivedFor(phone).get(0).body().path("text").asText());

        // the marketplace switches that SMS off: the next one is skipped, the email still goes
        given().header("Authorization", InternalTokens.bearer(partner, Roles.PARTNER)).contentType(ContentType.JSON)
                .body(Map.of("type", "SALES_LEAD_ACCEPTED", "locale", "en", "content", "off", "enabled", false))
                .post("/api/notification/v1/templates/sms").then().statusCode(200);
        String again = address("accepted-again");
        String quiet = phone();
        EventEnvelope second = emailAndSms("LEAD_CONVERSION_APPROVED", "SALES_LEAD_ACCEPTED", again, quiet, "en_US", lead());
        awaitStatus(second, quiet, "SKIPPED");
        onlyMail(again);
        assertEquals(0, SmsProviderResource.receivedFor(quiet).size());
    }

    @Test
    void anSmsOfATypeWithoutAnySmsTemplateIsSkippedAndItsEmailSent() {
        String to = address("assigned");
        String phone = phone();
        EventEnvelope event = emailAndSms("USER_ASSIGNMENT_SUCCEEDED", "ASSIGNMENT_NOTICE", to, phone, "en",
                Map.of("firstName", "Bo", "companyName", "Acme", "productName", "Tableur", "editionName", "Pro"));
        Mailbox.Received mail = onlyMail(to);
        assertEquals("You now have access to Tableur", mail.subject());
        assertTrue(mail.html().contains("Acme assigned you <strong>Tableur</strong> (Pro)."), mail.html());
        awaitStatus(event, phone, "SKIPPED");
        assertEquals(0, SmsProviderResource.receivedFor(phone).size());
    }

    @Test
    void aUsedUpDiscountAndAManualResellerLeadAreMailed() {
        String channel = address("channel");
        publish(envelope("DISCOUNT_DEACTIVATED", partner, "DISCOUNT", UUID.randomUUID().toString(),
                notifying("DISCOUNT_DEACTIVATED", "EMAIL", List.of(channel), "en_US", Map.of("discountCode", "SPRING10",
                        "description", "Spring sale", "reason", "all its redemptions are used"))));
        Mailbox.Received mail = onlyMail(channel);
        assertEquals("Discount SPRING10 no longer applies", mail.subject());
        assertTrue(mail.html().contains("(Spring sale) no longer applies to new orders: all its redemptions are used."),
                mail.html());

        String managers = address("managers");
        publish(envelope("LEAD_CREATED", partner, "LEAD", UUID.randomUUID().toString(),
                notifying("LEAD_MANUAL_CREATED_RESELLER", "EMAIL", List.of(managers), "fr", Map.of("leadId", "lead-78",
                        "companyName", "Globex", "contactName", "John Doe", "contactEmail", "john@globex.example",
                        "productName", "", "creatorName", "Revendeur SA"))));
        Mailbox.Received french = onlyMail(managers);
        assertEquals("Nouvelle piste du revendeur Revendeur SA : Globex", french.subject());
    }
}
