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

import dev.marketplace.common.crypto.NotificationSecrets;
import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.security.Roles;
import dev.marketplace.notification.SmsProviderResource;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Secrets producers seal into notification parameters (libs/common NotificationSecrets) travel and are stored sealed,
 * and are opened only to render the message; a value that does not open is never sent.
 */
@QuarkusTest
class SealedParametersTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private final String partner = "S" + UUID.randomUUID().toString().substring(0, 8);
    private final NotificationSecrets secrets;

    SealedParametersTest(NotificationSecrets secrets) {
        this.secrets = secrets;
    }

    private List<Map<String, Object>> deliveries(EventEnvelope event) {
        return given().header("Authorization", InternalTokens.bearer(partner, Roles.PARTNER))
                .queryParam("eventId", event.id().toString()).get("/api/notification/v1/deliveries").then().statusCode(200)
                .extract().jsonPath().getList("content");
    }

    @Test
    void aSealedTemporaryPasswordReachesThePersonAndNothingElse() {
        String phone = "+1444" + (1_000_000 + (int) (Math.random() * 8_999_999));
        String sealed = secrets.seal(partner, "T3mp-S3aled!");
        assertFalse(sealed.contains("T3mp-S3aled!"));
        EventEnvelope event = envelope("USER_CREATED", partner, "USER", UUID.randomUUID().toString(),
                notifying("ACTIVE_USER_TEMP_PASSWORD", "SMS", List.of(phone), "en", Map.of("temporaryPassword", sealed)));
        assertFalse(event.payload().toString().contains("T3mp-S3aled!"), "the event itself carries no clear text");
        publish(event);
        await("the SMS", WAIT, () -> SmsProviderResource.receivedFor(phone).size() == 1);
        assertEquals("Your Test Market temporary password: T3mp-S3aled!",
                SmsProviderResource.receivedFor(phone).get(0).body().path("text").asText());
        assertFalse(deliveries(event).toString().contains("T3mp-S3aled!"), "what notification-service shows is sealed");
    }

    @Test
    void aValueSealedForAnotherMarketplaceOrTamperedWithIsNeverSent() {
        String phone = "+1333" + (1_000_000 + (int) (Math.random() * 8_999_999));
        String forOther = secrets.seal("OTHER" + partner, "not-yours");
        EventEnvelope event = envelope("USER_CREATED", partner, "USER", UUID.randomUUID().toString(),
                notifying("ACTIVE_USER_TEMP_PASSWORD", "SMS", List.of(phone), "en", Map.of("temporaryPassword", forOther)));
        publish(event);
        await("the failed delivery", WAIT, () -> deliveries(event).stream().anyMatch(d -> "FAILED".equals(d.get("status"))));
        Map<String, Object> failed = deliveries(event).get(0);
        assertTrue(failed.get("lastError").toString().contains("sealed parameter"), failed.toString());
        assertEquals(0, SmsProviderResource.receivedFor(phone).size());
    }
}
