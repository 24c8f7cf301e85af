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
 * The buyer's emails of a suspended subscription, rendered by their default English templates with exactly the
 * parameters billing-service sends (SubscriptionPayloads.notification: firstName, companyName, productName, editionName,
 * orderId): every one filled, none left as a placeholder, and the parameters API names exactly those.
 */
@QuarkusTest
class SubscriptionSuspensionEmailsTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private final String partner = "S" + UUID.randomUUID().toString().substring(0, 8);

    /** What billing-service's SUBSCRIPTION_NOTICE payload carries besides the vendor's part: its notifications. */
    record NoticePayload(String eventType, String subscriptionId, List<NotificationRequest> notifications) {
    }

    @Test
    void anOperatorsSuspension() {
        rendersEveryParameterBillingSends("SUBSCRIPTION_SUSPENDED", "is suspended", "was suspended by Test Market");
    }

    @Test
    void anOverdueInvoicesSuspension() {
        rendersEveryParameterBillingSends("SUBSCRIPTION_SUSPENDED_OVERDUE_INVOICE", "is suspended: an invoice is overdue",
                "Paying the overdue invoice reactivates");
    }

    private void rendersEveryParameterBillingSends(String type, String subjectEnd, String bodySays) {
        given().header("Authorization", InternalTokens.bearer(partner, Roles.PARTNER))
                .get("/api/notification/v1/templates/parameters/" + type).then().statusCode(200)
                .body("parameterName", org.hamcrest.Matchers.contains("{firstName}", "{companyName}", "{productName}",
                        "{editionName}", "{orderId}", "{marketplaceName}", "{partner}"));

        String to = "ann-" + UUID.randomUUID().toString().substring(0, 8) + "@acme.example";
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("firstName", "Ann");
        parameters.put("companyName", "Acme & Co");
        parameters.put("productName", "Task Pro");
        parameters.put("editionName", "Edition BASIC");
        parameters.put("orderId", 1717L);
        String subscription = UUID.randomUUID().toString();
        NoticePayload payload = new NoticePayload("SUBSCRIPTION_NOTICE", subscription,
                List.of(NotificationRequest.email(type, List.of(to), "en_US", parameters)));
        publish(new EventEnvelope(UUID.randomUUID(), "SUBSCRIPTION_NOTICE", System.currentTimeMillis(), partner,
                "billing-service", new EventEnvelope.Aggregate("SUBSCRIPTION", subscription), Map.of("source", "billing-service"),
                TestEvents.MAPPER.valueToTree(payload)));

        await(type + " to " + to, WAIT, () -> Mailbox.of(to).size() == 1);
        Mailbox.Received mail = Mailbox.of(to).get(0);
        assertEquals("Your subscription to Task Pro " + subjectEnd, mail.subject());
        String html = mail.html().replace("\r\n", "\n").replace('\n', ' ');
        for (String value : List.of("Hello Ann,", "Acme &amp; Co", "<strong>Task Pro</strong>", "(Edition BASIC)", "1717",
                bodySays)) {
            assertTrue(html.contains(value), value + " in " + html);
        }
        assertFalse(html.contains("{") || mail.subject().contains("{"), "no placeholder left: " + html);
    }
}
