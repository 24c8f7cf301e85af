package dev.marketplace.account.membership;

import static dev.marketplace.account.Fixtures.assignments;
import static dev.marketplace.account.Fixtures.members;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.account.BillingEvents;
import dev.marketplace.account.BillingEvents.Sub;
import dev.marketplace.account.Fixtures;
import dev.marketplace.account.Fixtures.Co;
import io.quarkus.test.junit.QuarkusTest;

/**
 * billing-service's subscription and assignment events, published to the real Kafka topic, feed the assignments
 * listing, the checklist and the membership removal rules (the billing stand-in reports nothing, so every refusal here
 * comes from the projection).
 */
@QuarkusTest
class AssignmentProjectionTest {
    private final Fixtures f = new Fixtures();

    @Test
    void subscriptionLifeCycleFeedsAssignmentsChecklistAndRemovalRules() {
        Co co = f.company("Entitled Co", true);
        String buyer = f.member(co, "buyer-" + UUID.randomUUID() + "@x.example", List.of("ROLE_BILLING_ADMIN"));
        String colleague = f.member(co, "col-" + UUID.randomUUID() + "@x.example", List.of("ROLE_DEVELOPER"));
        Sub sub = Sub.of(f.partner, co.uuid(), buyer, 501, "Sheet Pro", "Premium");
        long t = System.currentTimeMillis() - 60_000;

        // ordered: the buyer holds it while the vendor creates the account, and may not be removed
        BillingEvents.publish(BillingEvents.request("SUBSCRIPTION_ORDER", sub, null, t));
        Fixtures.eventually(() -> f.asPartner().get(assignments(co, buyer)).then().statusCode(200)
                .body("content", hasSize(1)).body("content[0].status", equalTo("PENDING_REMOTE_CREATION")));
        f.asPartner().delete(members(co.uuid()) + "/" + buyer).then().statusCode(409);

        Map<String, Object> created = BillingEvents.result("SUBSCRIPTION_ORDER", true, sub, "ACTIVE", null, null, t + 1000);
        BillingEvents.publish(created);
        Fixtures.eventually(() -> f.asPartner().get(assignments(co, buyer)).then().statusCode(200)
                .body("content", hasSize(1)).body("content[0].status", equalTo("ACTIVE"))
                .body("content[0].productId", equalTo(501)).body("content[0].productName", equalTo("Sheet Pro"))
                .body("content[0].editionName", equalTo("Premium")).body("content[0].ownerUuid", equalTo(buyer))
                .body("content[0].subscriptionId", equalTo(sub.id()))
                .body("content[0].companyEntitlementStatus", equalTo("ACTIVE"))
                .body("content[0].links[0].href", containsString("/api/marketplace/v1/products/501")));
        f.asPartner().get(members(co.uuid()) + "/" + buyer + "/checklist").then().statusCode(200)
                .body("havePurchasedProduct", equalTo(true)).body("haveAssignedUsers", equalTo(false));
        f.asOtherPartner().get(assignments(co, buyer)).then().statusCode(404);

        // a second order the vendor refuses is never listed
        Sub refused = Sub.of(f.partner, co.uuid(), buyer, 502, "Other App", "Basic");
        BillingEvents.publish(BillingEvents.request("SUBSCRIPTION_ORDER", refused, null, t + 1100));
        Map<String, Object> failed = BillingEvents.result("SUBSCRIPTION_ORDER", false, refused, "FAILED", null, null, t + 1200);
        BillingEvents.publish(failed);
        // an event naming this company under another marketplace is not projected
        Sub foreign = Sub.of("X" + UUID.randomUUID().toString().substring(0, 8), co.uuid(), buyer, 503, "Foreign", "Basic");
        Map<String, Object> foreignOrder = BillingEvents.request("SUBSCRIPTION_ORDER", foreign, null, t + 1300);
        BillingEvents.publish(foreignOrder);
        BillingEvents.awaitProjected(failed);
        BillingEvents.awaitProjected(foreignOrder);
        f.asPartner().get(assignments(co, buyer)).then().body("content.productId", equalTo(List.of(501)));

        // the colleague is assigned: pending, then active; the buyer now has assigned users
        BillingEvents.publish(BillingEvents.request("USER_ASSIGNMENT", sub, colleague, t + 2000));
        Fixtures.eventually(() -> f.asPartner().get(assignments(co, colleague)).then().statusCode(200)
                .body("content", hasSize(1)).body("content[0].status", equalTo("PENDING_REMOTE_CREATION")));
        Map<String, Object> assigned = BillingEvents.result("USER_ASSIGNMENT", true, sub, "ACTIVE", colleague, "ASSIGNED",
                t + 3000);
        BillingEvents.publish(assigned);
        Fixtures.eventually(() -> f.asPartner().get(assignments(co, colleague)).then().body("content", hasSize(1))
                .body("content[0].status", equalTo("ACTIVE")).body("content[0].ownerUuid", equalTo(buyer)));
        f.asPartner().get(members(co.uuid()) + "/" + buyer + "/checklist").then().body("haveAssignedUsers", equalTo(true));
        f.asPartner().get(members(co.uuid()) + "/" + colleague + "/checklist").then().body("havePurchasedProduct", equalTo(false));
        f.asPartner().delete(members(co.uuid()) + "/" + colleague).then().statusCode(409)
                .body("code", equalTo("ACTIVE_SUBSCRIPTIONS_FOUND")).body("message", containsString("1 current application"))
                .body("message", not(containsString("Exception")));
        f.asPartner().contentType("application/json").body(Map.of("enabled", false))
                .patch(members(co.uuid()) + "/" + colleague).then().statusCode(409);

        // the same event delivered twice, and an older event arriving late, change nothing
        BillingEvents.publish(assigned);
        Map<String, Object> late = BillingEvents.copy(BillingEvents.request("USER_ASSIGNMENT", sub, colleague, t + 2000),
                t + 2500);
        BillingEvents.publish(late);
        BillingEvents.awaitProjected(late);
        assertEquals(2L, Fixtures.number("select count(*) from user_assignment where subscription_id = ?",
                UUID.fromString(sub.id())));
        f.asPartner().get(assignments(co, colleague)).then().body("content", hasSize(1))
                .body("content[0].status", equalTo("ACTIVE"));

        // unassigned: no longer listed, the colleague can be removed
        BillingEvents.publish(BillingEvents.request("USER_UNASSIGNMENT", sub, colleague, t + 4000));
        BillingEvents.publish(BillingEvents.result("USER_UNASSIGNMENT", true, sub, "ACTIVE", colleague, "UNASSIGNED", t + 5000));
        Fixtures.eventually(() -> f.asPartner().get(assignments(co, colleague)).then().body("content", hasSize(0)));
        f.asPartner().get(members(co.uuid()) + "/" + buyer + "/checklist").then().body("haveAssignedUsers", equalTo(false));
        f.asPartner().delete(members(co.uuid()) + "/" + colleague).then().statusCode(204);

        // cancellation: refused while pending, allowed once the vendor confirmed
        BillingEvents.publish(BillingEvents.request("SUBSCRIPTION_CANCEL", sub, null, t + 6000));
        Fixtures.eventually(() -> f.asPartner().get(assignments(co, buyer)).then()
                .body("content[0].status", equalTo("PENDING_REMOTE_CANCELLATION")));
        f.asPartner().delete(members(co.uuid()) + "/" + buyer).then().statusCode(409);
        BillingEvents.publish(BillingEvents.result("SUBSCRIPTION_CANCEL", true, sub, "CANCELLED", null, null, t + 7000));
        Fixtures.eventually(() -> f.asPartner().get(assignments(co, buyer)).then().body("content", hasSize(0)));
        f.asPartner().get(members(co.uuid()) + "/" + buyer + "/checklist").then().body("havePurchasedProduct", equalTo(false));

        // replays of the activation (same id, then a new id with its old time) do not bring it back
        BillingEvents.publish(created);
        Map<String, Object> stale = BillingEvents.copy(created, t + 1000);
        BillingEvents.publish(stale);
        BillingEvents.awaitProjected(stale);
        f.asPartner().get(assignments(co, buyer)).then().body("content", hasSize(0));
        f.asPartner().delete(members(co.uuid()) + "/" + buyer).then().statusCode(204);
    }
}
