package dev.marketplace.billing.subscription;

import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.awaitStatus;
import static dev.marketplace.billing.BillingFixtures.buyer;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.order;
import static dev.marketplace.billing.BillingFixtures.path;
import static dev.marketplace.billing.BillingFixtures.publishResult;
import static dev.marketplace.billing.BillingFixtures.sql;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.billing.FakeAccount;
import dev.marketplace.billing.FakeCatalog;
import dev.marketplace.testkit.DomainEvents;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Issue 45: what a vendor's answer means to people reaches them through the outcome event's notifications
 * (OutcomeNotices): a refused order (FAILED_ORDER), an accepted edition change (SUBSCRIPTION_UPGRADE, or
 * SUBSCRIPTION_CHANGE_RESELLER for a reseller buyer, whose order email is SUBSCRIPTION_ORDER_RESELLER), a user assigned
 * or unassigned (ASSIGNMENT_NOTICE, UNASSIGNMENT_NOTICE). The buyer's messages also go by SMS to the phone number the
 * order gave. Refusals of changes and assignments tell nobody.
 */
@QuarkusTest
class OutcomeNoticesTest {
    private static final String PHONE = "+15145550123";
    private final String partner = newPartner();
    private final UUID company = UUID.randomUUID();
    private final UUID user = UUID.randomUUID();

    private static JsonNode event(String type, String subscriptionId) {
        return DomainEvents.await(e -> type.equals(e.path("type").asText())
                && subscriptionId.equals(e.path("aggregate").path("id").asText()), Duration.ofSeconds(30));
    }

    private static List<JsonNode> notes(JsonNode event) {
        List<JsonNode> all = new ArrayList<>();
        event.path("payload").path("notifications").forEach(all::add);
        return all;
    }

    @SuppressWarnings("unchecked")
    private String orderWithPhone(FakeCatalog.Product product) {
        Map<String, Object> body = order(product, 5);
        Map<String, Object> companyInfo = new HashMap<>((Map<String, Object>) body.get("company"));
        companyInfo.put("phoneNumber", PHONE);
        body.put("company", companyInfo);
        return asPartner(partner).body(body).post(buyer(partner, company, user)).then().statusCode(201).extract().path("id");
    }

    /** The buyer's email (ann, fr_CA) and SMS of {@code type}, with the subscription's parameters. */
    private static void assertToBuyer(List<JsonNode> notes, String type) {
        assertEquals(2, notes.size(), notes.toString());
        assertEquals(List.of(type, type), notes.stream().map(n -> n.path("type").asText()).toList());
        assertEquals("EMAIL", notes.get(0).path("channel").asText());
        assertEquals("ann@acme.example", notes.get(0).path("recipients").path(0).asText());
        assertEquals(1, notes.get(0).path("recipients").size());
        assertEquals("SMS", notes.get(1).path("channel").asText());
        assertEquals(PHONE, notes.get(1).path("recipients").path(0).asText());
        for (JsonNode n : notes) {
            assertEquals("fr_CA", n.path("locale").asText());
            assertEquals("Ann", n.path("parameters").path("firstName").asText());
            assertEquals("Acme", n.path("parameters").path("companyName").asText());
            assertTrue(n.path("parameters").path("productName").asText().startsWith("Task Pro"), n.toString());
            assertTrue(n.path("parameters").path("orderId").asLong() > 0, n.toString());
        }
    }

    @Test
    void aRefusedOrderIsAFailedOrderForTheBuyerAndAnAcceptedOneTellsNobodyMore() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        String refused = orderWithPhone(product);
        publishResult(partner, refused, "SUBSCRIPTION_ORDER", false, null, "MAX_USERS_REACHED", "Too many users", null);
        awaitStatus(partner, refused, "FAILED");
        List<JsonNode> failed = notes(event("SUBSCRIPTION_ORDER_FAILED", refused));
        assertToBuyer(failed, "FAILED_ORDER");
        assertEquals("Too many users", failed.get(0).path("parameters").path("errorMessage").asText());
        assertEquals("Edition BASIC", failed.get(0).path("parameters").path("editionName").asText());

        String accepted = orderWithPhone(product);
        publishResult(partner, accepted, "SUBSCRIPTION_ORDER", true, "acct-1", null, null, null);
        awaitStatus(partner, accepted, "ACTIVE");
        assertEquals(List.of(), notes(event("SUBSCRIPTION_ORDER_SUCCEEDED", accepted)));
    }

    @Test
    void anAcceptedEditionChangeIsAnUpgradeNoticeAndARefusedOrQuantityOnlyChangeIsNot() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        String id = orderWithPhone(product);
        String one = path(company, user) + "/" + id;
        publishResult(partner, id, "SUBSCRIPTION_ORDER", true, "acct-2", null, null, null);
        awaitStatus(partner, id, "ACTIVE");

        // the vendor refuses a first change: nothing changed, nobody told
        asPartner(partner).body(Map.of("editionId", product.otherEditionId())).put(one).then().statusCode(202);
        publishResult(partner, id, "SUBSCRIPTION_CHANGE", false, null, "OPERATION_CANCELLED", "not now", null);
        assertEquals(List.of(), notes(event("SUBSCRIPTION_CHANGE_FAILED", id)));

        asPartner(partner).body(Map.of("editionId", product.otherEditionId())).put(one).then().statusCode(202);
        publishResult(partner, id, "SUBSCRIPTION_CHANGE", true, null, null, null, null);
        List<JsonNode> upgraded = notes(event("SUBSCRIPTION_CHANGE_SUCCEEDED", id));
        assertToBuyer(upgraded, "SUBSCRIPTION_UPGRADE");
        assertEquals("Edition BASIC", upgraded.get(0).path("parameters").path("previousEditionName").asText());
        assertEquals("Edition PREMIUM", upgraded.get(0).path("parameters").path("editionName").asText());

        // new quantities on the same edition: accepted, but no edition changed
        asPartner(partner).body(Map.of("items", List.of(Map.of("unit", "USER", "quantity", 7)))).put(one).then().statusCode(202);
        publishResult(partner, id, "SUBSCRIPTION_CHANGE", true, null, null, null, null);
        awaitQuantity(id, 7);
        assertEquals(2, sql("select count(*) from outbox_event where type = 'SUBSCRIPTION_CHANGE_SUCCEEDED' and aggregate_id = ?", id));
        assertEquals(1, sql("select count(*) from outbox_event where type = 'SUBSCRIPTION_CHANGE_SUCCEEDED' and aggregate_id = ?"
                + " and envelope like '%SUBSCRIPTION_UPGRADE%'", id));
    }

    private void awaitQuantity(String id, int quantity) {
        long deadline = System.currentTimeMillis() + 30_000;
        while (System.currentTimeMillis() < deadline && !Integer.valueOf(quantity).equals(
                asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().extract().path("items[0].quantity"))) {
            Thread.onSpinWait();
        }
        asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().body("items[0].quantity", equalTo(quantity));
    }

    @Test
    void assignedAndUnassignedUsersAreToldAndAFailedAssignmentIsNot() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        String id = orderWithPhone(product);
        publishResult(partner, id, "SUBSCRIPTION_ORDER", true, "acct-3", null, null, null);
        awaitStatus(partner, id, "ACTIVE");
        String assignments = "/api/billing/v1/subscriptions/" + id + "/assignments";

        UUID refused = UUID.randomUUID();
        asPartner(partner).body(Map.of("uuid", refused.toString(), "email", "cy@acme.example")).post(assignments).then()
                .statusCode(202);
        publishResult(partner, id, "USER_ASSIGNMENT", false, null, "MAX_USERS_REACHED", "No seat left", refused.toString());
        assertEquals(List.of(), notes(event("USER_ASSIGNMENT_FAILED", id)));

        UUID bo = UUID.randomUUID();
        asPartner(partner).body(Map.of("uuid", bo.toString(), "email", "bo@acme.example", "firstName", "Bo", "locale", "fr"))
                .post(assignments).then().statusCode(202);
        publishResult(partner, id, "USER_ASSIGNMENT", true, null, null, null, bo.toString());
        List<JsonNode> assigned = notes(event("USER_ASSIGNMENT_SUCCEEDED", id));
        assertEquals(1, assigned.size(), assigned.toString());
        JsonNode notice = assigned.get(0);
        assertEquals("ASSIGNMENT_NOTICE", notice.path("type").asText());
        assertEquals("bo@acme.example", notice.path("recipients").path(0).asText());
        assertEquals("fr", notice.path("locale").asText());
        assertEquals("Bo", notice.path("parameters").path("firstName").asText());
        assertEquals("Acme", notice.path("parameters").path("companyName").asText());
        assertEquals("Edition BASIC", notice.path("parameters").path("editionName").asText());

        long deadline = System.currentTimeMillis() + 30_000;
        while (System.currentTimeMillis() < deadline && asPartner(partner).delete(assignments + "/" + bo).statusCode() != 202) {
            Thread.onSpinWait(); // until the assignment result is applied
        }
        publishResult(partner, id, "USER_UNASSIGNMENT", true, null, null, null, bo.toString());
        List<JsonNode> unassigned = notes(event("USER_UNASSIGNMENT_SUCCEEDED", id));
        assertEquals(1, unassigned.size(), unassigned.toString());
        assertEquals("UNASSIGNMENT_NOTICE", unassigned.get(0).path("type").asText());
        assertEquals("bo@acme.example", unassigned.get(0).path("recipients").path(0).asText());
    }

    @Test
    void aResellerBuyerGetsTheResellerOrderAndChangeMessages() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        FakeAccount.company(partner, company, c -> {
        });
        FakeAccount.member(company, user, true, "ROLE_RESELLER");
        String id = asPartner(partner).body(order(product, 2)).post(path(company, user)).then().statusCode(201)
                .extract().path("id");
        JsonNode ordered = notes(event("SUBSCRIPTION_ORDER", id)).get(0);
        assertEquals("SUBSCRIPTION_ORDER_RESELLER", ordered.path("type").asText());
        assertEquals("ann@acme.example", ordered.path("recipients").path(0).asText());
        assertEquals("Acme", ordered.path("parameters").path("companyName").asText());

        publishResult(partner, id, "SUBSCRIPTION_ORDER", true, "acct-4", null, null, null);
        awaitStatus(partner, id, "ACTIVE");
        asPartner(partner).body(Map.of("editionId", product.otherEditionId())).put(path(company, user) + "/" + id).then()
                .statusCode(202);
        publishResult(partner, id, "SUBSCRIPTION_CHANGE", true, null, null, null, null);
        List<JsonNode> changed = notes(event("SUBSCRIPTION_CHANGE_SUCCEEDED", id));
        assertEquals(1, changed.size(), "no phone number in this order: email only; " + changed);
        assertEquals("SUBSCRIPTION_CHANGE_RESELLER", changed.get(0).path("type").asText());
        assertEquals("Edition BASIC", changed.get(0).path("parameters").path("previousEditionName").asText());
    }
}
