package dev.marketplace.notification.delivery;

import static dev.marketplace.notification.TestEvents.await;
import static dev.marketplace.notification.TestEvents.envelope;
import static dev.marketplace.notification.TestEvents.notifying;
import static dev.marketplace.notification.TestEvents.publish;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.crypto.NotificationSecrets;
import dev.marketplace.notification.Mailbox;
import io.quarkus.test.junit.QuarkusTest;

/**
 * ACCOUNT_ACTIVATION_CREATED_BY_ASSISTED_SALES, as account-service sends it to a user a reseller created (issue 45):
 * rendered from its defaults with exactly the parameters account-service writes, the sealed activation link opened
 * only in the message, in English and in French. Through the real path: Kafka, the delivery job, the SMTP server.
 */
@QuarkusTest
class AssistedSalesActivationEmailTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private final String partner = "A" + UUID.randomUUID().toString().substring(0, 8);
    private final NotificationSecrets secrets;

    AssistedSalesActivationEmailTest(NotificationSecrets secrets) {
        this.secrets = secrets;
    }

    private static String address(String name) {
        return name + "-" + UUID.randomUUID().toString().substring(0, 8) + "@example.com";
    }

    private Mailbox.Received onlyMail(String recipient) {
        await("the email to " + recipient, WAIT, () -> Mailbox.of(recipient).size() == 1);
        return Mailbox.of(recipient).get(0);
    }

    /** The parameters account-service's AssistedOnboarding writes, the link sealed for the marketplace. */
    private Map<String, Object> parameters(String email, String link) {
        return Map.of("firstName", "Nina", "email", email, "companyName", "Customer & Co", "resellerName", "Reseller One",
                "activationUrl", secrets.seal(partner, link), "partner", partner);
    }

    private void send(String email, String locale, String link) {
        Map<String, Object> payload = notifying("ACCOUNT_ACTIVATION_CREATED_BY_ASSISTED_SALES", "EMAIL", List.of(email),
                locale, parameters(email, link));
        assertFalse(payload.toString().contains(link), "the event carries the link sealed");
        publish(envelope("MEMBERSHIP_CREATED", partner, "MEMBERSHIP", UUID.randomUUID().toString(), payload));
    }

    @Test
    void theCustomerLearnsWhichResellerCreatedTheAccountAndGetsTheActivationLinkInEnglish() {
        String to = address("nina");
        String link = "https://market.example/activate/" + UUID.randomUUID();
        send(to, "en_US", link);
        Mailbox.Received mail = onlyMail(to);
        assertEquals("Reseller One created your Test Market account", mail.subject());
        String body = mail.html().replaceAll("\\s*\\R\\s*", " ");
        assertTrue(body.contains("<p>Hello Nina,</p>"), body);
        assertTrue(body.contains("Reseller One created your Test Market account for <strong>Customer &amp; Co</strong> with"
                + " the username " + to + "."), body);
        assertTrue(body.contains("<a href=\"" + link + "\">Activate your account</a>"), body);
    }

    @Test
    void andInFrenchForAFrenchRecipient() {
        String to = address("nina-fr");
        String link = "https://market.example/activate/" + UUID.randomUUID();
        send(to, "fr_CA", link);
        Mailbox.Received mail = onlyMail(to);
        assertEquals("Reseller One a créé votre compte Test Market", mail.subject());
        String body = mail.html().replaceAll("\\s*\\R\\s*", " ");
        assertTrue(body.contains("<p>Bonjour Nina,</p>"), body);
        assertTrue(body.contains("Reseller One a créé votre compte Test Market pour <strong>Customer &amp; Co</strong>"), body);
        assertTrue(body.contains("<a href=\"" + link + "\">Activez votre compte</a>"), body);
    }
}
