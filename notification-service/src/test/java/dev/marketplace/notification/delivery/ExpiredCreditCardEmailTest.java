package dev.marketplace.notification.delivery;

import static dev.marketplace.notification.TestEvents.await;
import static dev.marketplace.notification.TestEvents.publish;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.security.Roles;
import dev.marketplace.notification.Mailbox;
import dev.marketplace.notification.TestEvents;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;

/**
 * EXPIRED_CREDIT_CARD, rendered by its default English template with exactly the parameters billing-service's
 * collection sends (ExpiringCards: firstName, companyName, brand, last4, expirationMonth, expirationYear,
 * paymentMethodsUrl) in its PAYMENT_METHOD_EXPIRING event: every one filled, none left as a placeholder.
 */
@QuarkusTest
class ExpiredCreditCardEmailTest {
    private final String partner = "X" + UUID.randomUUID().toString().substring(0, 8);

    /** What billing-service's PAYMENT_METHOD_EXPIRING payload carries besides the card: its notifications. */
    record ExpiringPayload(String paymentMethodId, String brand, String last4, List<NotificationRequest> notifications) {
    }

    @Test
    void theExpiringCardEmailRendersEveryParameterBillingSends() {
        given().header("Authorization", InternalTokens.bearer(partner, Roles.PARTNER))
                .get("/api/notification/v1/templates/parameters/EXPIRED_CREDIT_CARD").then().statusCode(200)
                .body("parameterName", org.hamcrest.Matchers.contains("{firstName}", "{companyName}", "{brand}", "{last4}",
                        "{expirationMonth}", "{expirationYear}", "{paymentMethodsUrl}", "{marketplaceName}", "{partner}"));

        String to = "ann-" + UUID.randomUUID().toString().substring(0, 8) + "@acme.example";
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("firstName", "Ann");
        parameters.put("companyName", "Acme & Co");
        parameters.put("brand", "visa");
        parameters.put("last4", "4242");
        parameters.put("expirationMonth", 1);
        parameters.put("expirationYear", 2027);
        parameters.put("paymentMethodsUrl", "https://market.example/api/billing/v1/companies/c/users/u/paymentMethods");
        String card = UUID.randomUUID().toString();
        ExpiringPayload payload = new ExpiringPayload(card, "visa", "4242",
                List.of(NotificationRequest.email("EXPIRED_CREDIT_CARD", List.of(to), "en_US", parameters)));
        publish(new EventEnvelope(UUID.randomUUID(), "PAYMENT_METHOD_EXPIRING", System.currentTimeMillis(), partner,
                "billing-service", new EventEnvelope.Aggregate("PAYMENT_METHOD", card), Map.of("source", "billing-service"),
                TestEvents.MAPPER.valueToTree(payload)));

        await("EXPIRED_CREDIT_CARD to " + to, Duration.ofSeconds(30), () -> Mailbox.of(to).size() == 1);
        Mailbox.Received mail = Mailbox.of(to).get(0);
        assertEquals("Your visa card ending in 4242 expires soon", mail.subject());
        String html = mail.html().replace("\r\n", "\n").replace('\n', ' ');
        for (String value : List.of("Hello Ann,", "Acme &amp; Co", "<strong>4242</strong>", "1/2027",
                "https://market.example/api/billing/v1/companies/c/users/u/paymentMethods")) {
            assertTrue(html.contains(value), value + " in " + html);
        }
        assertFalse(html.contains("{") || mail.subject().contains("{"), "no placeholder left: " + html);
    }
}
