package dev.marketplace.notification.delivery;

import static dev.marketplace.notification.TestEvents.await;
import static dev.marketplace.notification.TestEvents.envelope;
import static dev.marketplace.notification.TestEvents.notifying;
import static dev.marketplace.notification.TestEvents.publish;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import io.quarkus.test.junit.QuarkusTest;

/**
 * Issue 45: a message is rendered in the locale its producer put on the notification (the recipient's): French
 * defaults for fr and fr_CA, English for en and for a locale nothing exists in; RESELLER_UNLINKED has a default and is
 * delivered. Through the real path: an event on Kafka, the delivery job, the SMTP server and the SMS provider.
 */
@QuarkusTest
class LocalizedDeliveryTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private final String partner = "P" + UUID.randomUUID().toString().substring(0, 8);

    private static String address(String name) {
        return name + "-" + UUID.randomUUID().toString().substring(0, 8) + "@example.com";
    }

    private static Map<String, Object> subscription() {
        return Map.of("firstName", "Élodie", "companyName", "Acme & Fils", "productName", "Tableur",
                "editionName", "Pro", "orderId", "4711");
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

    @Test
    void aFrenchRecipientGetsTheFrenchDefaultWithItsParametersFilled() {
        String to = address("fr");
        publish(envelope("SUBSCRIPTION_ORDER", partner, "SUBSCRIPTION", "s-fr",
                notifying("SUBSCRIPTION_ORDER", "EMAIL", List.of(to), "fr", subscription())));
        Mailbox.Received mail = onlyMail(to);
        assertEquals("Votre commande de Tableur est confirmée", mail.subject());
        assertEquals("SUBSCRIPTION_ORDER", mail.template());
        assertEquals("fr", mail.language());
        assertTrue(mail.html().contains("<p>Bonjour Élodie,</p>"), mail.html());
        assertTrue(mail.html().contains("Acme &amp; Fils est désormais abonnée à <strong>Tableur</strong> (Pro). "
                + "Numéro de commande : 4711."), mail.html());
        assertTrue(mail.html().contains("L'équipe Test Market"), mail.html());
    }

    @Test
    void aCanadianFrenchRecipientFallsBackToFrench() {
        String to = address("frca");
        publish(envelope("INVOICE_CREATED", partner, "INVOICE", "i-frca", notifying("INVOICE", "EMAIL", List.of(to), "fr_CA",
                Map.of("companyName", "Érable inc.", "invoiceNumber", "F-12", "amount", "99.50", "currency", "CAD",
                        "dueDate", "2026-12-01"))));
        Mailbox.Received mail = onlyMail(to);
        assertEquals("Facture F-12 de Test Market", mail.subject());
        assertEquals("fr", mail.language(), "the language the message is written in, where fr_CA fell back to");
        assertTrue(mail.html().contains("La facture <strong>F-12</strong> de Érable inc. est disponible : 99.50 CAD, "
                + "à régler au plus tard le 2026-12-01."), mail.html());
    }

    @Test
    void englishAndUnknownLocalesGetEnglish() {
        String en = address("en");
        String unknown = address("de");
        publish(envelope("SUBSCRIPTION_ORDER", partner, "SUBSCRIPTION", "s-en",
                notifying("SUBSCRIPTION_ORDER", "EMAIL", List.of(en), "en_US", subscription())));
        publish(envelope("SUBSCRIPTION_ORDER", partner, "SUBSCRIPTION", "s-de",
                notifying("SUBSCRIPTION_ORDER", "EMAIL", List.of(unknown), "de_DE", subscription())));
        for (String to : List.of(en, unknown)) {
            Mailbox.Received mail = onlyMail(to);
            assertEquals("Your order of Tableur is confirmed", mail.subject());
            assertEquals("en", mail.language());
            assertTrue(mail.html().contains("Acme &amp; Fils is now subscribed to <strong>Tableur</strong> (Pro). Order number: 4711."),
                    mail.html());
            assertFalse(mail.html().contains("Bonjour"), mail.html());
        }
    }

    @Test
    void aFrenchMarketingEmailCarriesTheFrenchUnsubscribeFooter() {
        String to = address("welcome");
        publish(envelope("USER_CREATED", partner, "USER", "u-fr", notifying("WELCOME_USER", "EMAIL", List.of(to), "fr", Map.of())));
        Mailbox.Received mail = onlyMail(to);
        assertEquals("Bienvenue sur Test Market", mail.subject());
        assertTrue(mail.html().contains("Pour ne plus recevoir ces courriels"), mail.html());
        assertFalse(mail.html().contains("stop receiving"), mail.html());
    }

    @Test
    void aFrenchSmsIsSentInFrench() {
        String phone = "+1777" + (1_000_000 + (int) (Math.random() * 8_999_999));
        EventEnvelope event = envelope("PAYMENT_PROCESSED", partner, "PAYMENT", "p-fr", notifying("PAYMENT_FAILED", "SMS",
                List.of(phone), "fr_CA", Map.of("companyName", "Érable inc.", "invoiceNumber", "F-13", "amount", "10.00",
                        "currency", "CAD")));
        publish(event);
        awaitStatus(event, phone, "SENT");
        List<SmsProviderResource.Received> received = SmsProviderResource.receivedFor(phone);
        assertEquals(1, received.size());
        assertEquals("Test Market : échec du paiement de 10.00 CAD pour la facture F-13",
                received.get(0).body().path("text").asText());
    }

    /** reseller-service's RESELLER_UNLINKED entry, as AssociationService writes it: one entry per locale. */
    @Test
    void resellerUnlinkedIsDeliveredInEachRecipientsLocale() {
        String admin = address("customer-admin");
        String reseller = address("reseller-admin");
        Map<String, Object> parameters = Map.of("resellerName", "Revendeur SA", "customerName", "Client & Co",
                "partner", partner);
        Map<String, Object> payload = notifying("RESELLER_UNLINKED", "EMAIL", List.of(admin), "en_US", parameters);
        @SuppressWarnings("unchecked")
        List<Object> entries = (List<Object>) payload.get("notifications");
        entries.add(Map.of("type", "RESELLER_UNLINKED", "channel", "EMAIL", "recipients", List.of(reseller), "locale", "fr_FR",
                "parameters", parameters));
        EventEnvelope event = envelope("RESELLER_COMPANY_UNLINKED", partner, "ASSOCIATION", "a-1", payload);
        publish(event);
        awaitStatus(event, admin, "SENT");
        awaitStatus(event, reseller, "SENT");
        Mailbox.Received english = onlyMail(admin);
        assertEquals("Client & Co is no longer linked to Revendeur SA", english.subject());
        assertTrue(english.html().contains("<strong>Client &amp; Co</strong> is no longer linked to the reseller "
                + "<strong>Revendeur SA</strong> on Test Market."), english.html());
        Mailbox.Received french = onlyMail(reseller);
        assertEquals("Client & Co n'est plus lié à Revendeur SA", french.subject());
        assertTrue(french.html().contains("n'est plus lié au revendeur <strong>Revendeur SA</strong> sur Test Market."),
                french.html());
    }
}
