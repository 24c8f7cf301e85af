package dev.marketplace.billing.collection;

import static dev.marketplace.billing.BillingFixtures.activate;
import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.buyer;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.order;
import static dev.marketplace.billing.BillingFixtures.paymentMethods;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.billing.FakeCatalog;
import dev.marketplace.billing.PaymentGatewayResource;
import dev.marketplace.testkit.SandboxPaymentGateway;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;

/**
 * EXPIRED_CREDIT_CARD: once per card on file, when the end of its expiry month comes within 30 days (the default
 * CARD_EXPIRY_NOTICE) of the marketplace's billing time, moved by its test clock; a new card is a new notice.
 */
@QuarkusTest
class ExpiringCardNoticeTest {
    private final String partner = newPartner();
    private final UUID company = UUID.randomUUID();
    private final UUID user = UUID.randomUUID();

    private String card(YearMonth expiry) {
        String token = given().baseUri(PaymentGatewayResource.gateway().url()).contentType(ContentType.JSON)
                .body(Map.of("card", Map.of("number", SandboxPaymentGateway.APPROVED, "expirationMonth", expiry.getMonthValue(),
                        "expirationYear", expiry.getYear())))
                .post("/v1/tokens").then().statusCode(200).extract().path("id");
        return asPartner(partner).body(Map.of("token", token, "default", true)).post(paymentMethods(company, user)).then()
                .statusCode(201).extract().path("id");
    }

    private void advance(Duration by) {
        asPartner(partner).body(Map.of("by", by.toString())).post("/api/billing/v1/testClock/advance").then().statusCode(200);
    }

    private List<JsonNode> notices(String cardId, int expected) {
        return TopicReader.all(e -> "PAYMENT_METHOD_EXPIRING".equals(e.path("type").asText())
                && partner.equals(e.path("partner").asText()) && cardId.equals(e.path("aggregate").path("id").asText()),
                expected, Duration.ofSeconds(2));
    }

    @Test
    void aCardExpiringWithinThirtyDaysOfBillingTimeGetsOneNoticeAndANewCardItsOwn() {
        // the buyer is known to billing by an invoice (their email, locale and name come from it)
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        String subscription = asPartner(partner).body(order(product, 1)).post(buyer(partner, company, user)).then()
                .statusCode(201).extract().path("id");
        activate(partner, subscription, "acct-" + UUID.randomUUID());

        YearMonth expiry = YearMonth.now(ZoneOffset.UTC).plusMonths(2);
        Instant expires = expiry.plusMonths(1).atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        String first = card(expiry);

        // 31 days before the card expires: not yet
        advance(Duration.between(Instant.now(), expires).minus(Duration.ofDays(31)));
        assertEquals(0, notices(first, 0).size(), "not within 30 days yet");

        // 29 days before: one notice, with the email to the buyer
        advance(Duration.ofDays(2));
        List<JsonNode> sent = notices(first, 1);
        assertEquals(1, sent.size());
        JsonNode payload = sent.get(0).path("payload");
        assertEquals("4242", payload.path("last4").asText());
        assertEquals(expiry.getMonthValue(), payload.path("expirationMonth").asInt());
        assertFalse(payload.toString().contains("pm_") || payload.toString().contains("tok_"), "no provider id: " + payload);
        JsonNode mail = payload.path("notifications").path(0);
        assertEquals("EXPIRED_CREDIT_CARD", mail.path("type").asText());
        assertEquals("ann@acme.example", mail.path("recipients").path(0).asText());
        assertEquals("fr_CA", mail.path("locale").asText());
        JsonNode parameters = mail.path("parameters");
        assertEquals("Ann", parameters.path("firstName").asText());
        assertEquals("Acme", parameters.path("companyName").asText());
        assertEquals("visa", parameters.path("brand").asText());
        assertEquals(expiry.getYear(), parameters.path("expirationYear").asInt());
        assertEquals("http://localhost:8080" + paymentMethods(company, user), parameters.path("paymentMethodsUrl").asText());

        // moved on again: still the one notice; a new card expiring as soon gets its own
        advance(Duration.ofDays(1));
        String second = card(expiry);
        advance(Duration.ofHours(1));
        assertEquals(1, notices(first, 1).size(), "once per card");
        assertEquals(1, notices(second, 1).size(), "a new card is a new notice");
    }
}
