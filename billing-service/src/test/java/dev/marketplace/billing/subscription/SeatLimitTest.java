package dev.marketplace.billing.subscription;

import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.awaitStatus;
import static dev.marketplace.billing.BillingFixtures.buyer;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.order;
import static dev.marketplace.billing.BillingFixtures.publishResult;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.billing.FakeCatalog;
import dev.marketplace.testkit.DomainEvents;
import dev.marketplace.testkit.Eventually;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Issue 45, ASSIGNED_USERS_LIMIT: a subscription of 2 USER seats takes two assignments (pending ones count); a third is
 * refused with 409 ASSIGNED_USERS_LIMIT naming the field, changes nothing, and tells the buyer (USER_ASSIGNMENT_REFUSED
 * with the email, in the buyer's locale); a seat freed by a failed assignment, or bought by a quantity change the vendor
 * accepted, can be assigned again.
 */
@QuarkusTest
class SeatLimitTest {
    private final String partner = newPartner();
    private final UUID company = UUID.randomUUID();
    private final UUID user = UUID.randomUUID();

    @Test
    void everySeatTakenRefusesTheNextAssignmentAndTellsTheBuyerUntilASeatIsFreedOrBought() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        String id = asPartner(partner).body(order(product, 2)).post(buyer(partner, company, user)).then().statusCode(201)
                .extract().path("id");
        publishResult(partner, id, "SUBSCRIPTION_ORDER", true, "acct-seats", null, null, null);
        awaitStatus(partner, id, "ACTIVE");
        String assignments = "/api/billing/v1/subscriptions/" + id + "/assignments";

        UUID first = UUID.randomUUID();
        assign(assignments, first, "first@acme.example").then().statusCode(202);
        assign(assignments, UUID.randomUUID(), "second@acme.example").then().statusCode(202);
        UUID third = UUID.randomUUID();
        assign(assignments, third, "third@acme.example").then().statusCode(409)
                .body("code", equalTo("ASSIGNED_USERS_LIMIT"))
                .body("message", containsString("uuid: all 2 USER seats of subscription " + id + " are assigned"));
        asPartner(partner).get(assignments).then().statusCode(200).body("size()", equalTo(2));

        JsonNode refused = DomainEvents.await(e -> "USER_ASSIGNMENT_REFUSED".equals(e.path("type").asText())
                && id.equals(e.path("aggregate").path("id").asText()), Duration.ofSeconds(30));
        assertEquals(third.toString(), refused.path("payload").path("userUuid").asText());
        JsonNode mail = refused.path("payload").path("notifications").path(0);
        assertEquals(1, refused.path("payload").path("notifications").size());
        assertEquals("ASSIGNED_USERS_LIMIT", mail.path("type").asText());
        assertEquals(List.of("ann@acme.example"), List.of(mail.path("recipients").path(0).asText()));
        assertEquals("fr_CA", mail.path("locale").asText());
        JsonNode parameters = mail.path("parameters");
        assertEquals("Ann", parameters.path("firstName").asText());
        assertEquals("Acme", parameters.path("companyName").asText());
        assertEquals("2", parameters.path("usersLimit").asText());
        assertEquals("third@acme.example", parameters.path("userEmail").asText());
        assertEquals(false, parameters.path("productName").asText().isBlank(), parameters.toString());

        // the vendor refuses the first assignment: its seat is free again
        publishResult(partner, id, "USER_ASSIGNMENT", false, null, "USER_NOT_FOUND", "unknown", first.toString());
        Eventually.found(() -> java.util.Optional.ofNullable(assign(assignments, third, "third@acme.example").statusCode() == 202
                ? true : null), "the freed seat assigned");
        assign(assignments, UUID.randomUUID(), "fourth@acme.example").then().statusCode(409)
                .body("code", equalTo("ASSIGNED_USERS_LIMIT"));

        // a third seat bought (the vendor accepts the quantity change): one more user
        String subscription = "/api/billing/v1/subscriptions/" + id;
        asPartner(partner).body(Map.of("items", List.of(Map.of("unit", "USER", "quantity", 3)))).put(subscription).then()
                .statusCode(202);
        publishResult(partner, id, "SUBSCRIPTION_CHANGE", true, null, null, null, null);
        Eventually.found(() -> java.util.Optional.ofNullable(asPartner(partner).get(subscription).then().statusCode(200)
                .extract().<Integer> path("items[0].quantity") == 3 ? true : null), "three seats");
        assign(assignments, UUID.randomUUID(), "fourth@acme.example").then().statusCode(202);

        // another marketplace's subscription is unknown, whatever its seats
        asPartner(newPartner()).body(Map.of("uuid", UUID.randomUUID().toString(), "email", "x@acme.example"))
                .post(assignments).then().statusCode(404);
    }

    private io.restassured.response.Response assign(String assignments, UUID who, String email) {
        return asPartner(partner).body(Map.of("uuid", who.toString(), "email", email, "firstName", "Sam")).post(assignments);
    }
}
