package dev.marketplace.account.assignment;

import static dev.marketplace.account.Fixtures.assignments;
import static dev.marketplace.account.Fixtures.members;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
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
 * Issue 45: add-on subscriptions (billing's ADDON_ORDER, ADDON_CHANGE, ADDON_CANCEL and their results, published to the
 * real Kafka topic in billing's shapes) are projected like any subscription: the member who ordered the add-on holds
 * and owns it (assignments listing, checklist, removal refused), it moves PENDING → ACTIVE → CANCELLED as an order
 * does, and its row names the parent subscription. The billing stand-in reports nothing, so every refusal here comes
 * from the projection.
 */
@QuarkusTest
class AddonAssignmentProjectionTest {
    private final Fixtures f = new Fixtures();

    @Test
    void anAddOnIsHeldAndOwnedByItsPurchaserFromOrderToCancellation() {
        Co co = f.company("Addon Co", true);
        String parentBuyer = f.member(co, "parent-" + UUID.randomUUID() + "@x.example", List.of("ROLE_BILLING_ADMIN"));
        String addonBuyer = f.member(co, "addon-" + UUID.randomUUID() + "@x.example", List.of("ROLE_BILLING_ADMIN"));
        Sub parent = Sub.of(f.partner, co.uuid(), parentBuyer, 601, "Mail Suite", "Business");
        Sub addon = Sub.of(f.partner, co.uuid(), addonBuyer, 602, "Mail Archive", "Archive 50 GB");
        long t = System.currentTimeMillis() - 60_000;
        BillingEvents.publish(BillingEvents.request("SUBSCRIPTION_ORDER", parent, null, t));
        BillingEvents.publish(BillingEvents.result("SUBSCRIPTION_ORDER", true, parent, "ACTIVE", null, null, t + 100));

        // ordered against the parent: pending while the vendor creates it, and its purchaser may not be removed
        BillingEvents.publish(BillingEvents.addonRequest("ADDON_ORDER", addon, null, "acct-1", t + 1000));
        Fixtures.eventually(() -> f.asPartner().get(assignments(co, addonBuyer)).then().statusCode(200)
                .body("content", hasSize(1)).body("content[0].status", equalTo("PENDING_REMOTE_CREATION"))
                .body("content[0].subscriptionId", equalTo(addon.id()))
                .body("content[0].editionName", equalTo("Archive 50 GB")));
        f.asPartner().delete(members(co.uuid()) + "/" + addonBuyer).then().statusCode(409)
                .body("code", equalTo("ACTIVE_SUBSCRIPTIONS_FOUND"));

        // created: active, owned by its purchaser, naming its parent; the parent's own row is unchanged
        BillingEvents.publish(BillingEvents.addonResult("ADDON_ORDER", true, addon, parent.id(), "ACTIVE", t + 2000));
        Fixtures.eventually(() -> f.asPartner().get(assignments(co, addonBuyer)).then().statusCode(200)
                .body("content", hasSize(1)).body("content[0].status", equalTo("ACTIVE"))
                .body("content[0].productId", equalTo(602)).body("content[0].productName", equalTo("Mail Archive"))
                .body("content[0].ownerUuid", equalTo(addonBuyer))
                .body("content[0].companyEntitlementStatus", equalTo("ACTIVE"))
                .body("content[0].parentSubscriptionId", equalTo(parent.id())));
        f.asPartner().get(assignments(co, parentBuyer)).then().statusCode(200).body("content", hasSize(1))
                .body("content[0].subscriptionId", equalTo(parent.id()))
                .body("content[0]", not(hasKey("parentSubscriptionId")));
        f.asPartner().get(members(co.uuid()) + "/" + addonBuyer + "/checklist").then().statusCode(200)
                .body("havePurchasedProduct", equalTo(true));
        f.asOtherPartner().get(assignments(co, addonBuyer)).then().statusCode(404);

        // a change keeps it active (never pending like an order) and brings the new edition once accepted
        Map<String, Object> change = BillingEvents.addonRequest("ADDON_CHANGE", addon, "acct-addon", "acct-1", t + 3000);
        BillingEvents.publish(change);
        BillingEvents.awaitProjected(change);
        f.asPartner().get(assignments(co, addonBuyer)).then().body("content[0].status", equalTo("ACTIVE"));
        Sub bigger = new Sub(addon.partner(), addon.id(), addon.company(), addon.buyer(), addon.productId(),
                addon.productName(), "Archive 200 GB");
        BillingEvents.publish(BillingEvents.addonResult("ADDON_CHANGE", true, bigger, parent.id(), "ACTIVE", t + 4000));
        Fixtures.eventually(() -> f.asPartner().get(assignments(co, addonBuyer)).then()
                .body("content[0].editionName", equalTo("Archive 200 GB")));

        // the purchaser unassigned from it still owns it: refused as the owner of a product
        BillingEvents.publish(BillingEvents.request("USER_UNASSIGNMENT", addon, addonBuyer, t + 5000));
        Map<String, Object> unassigned = BillingEvents.result("USER_UNASSIGNMENT", true, addon, "ACTIVE", addonBuyer,
                "UNASSIGNED", t + 6000);
        BillingEvents.publish(unassigned);
        BillingEvents.awaitProjected(unassigned);
        f.asPartner().get(assignments(co, addonBuyer)).then().body("content", hasSize(0));
        f.asPartner().delete(members(co.uuid()) + "/" + addonBuyer).then().statusCode(409)
                .body("code", equalTo("USER_OWNS_PRODUCTS"));
        assertEquals(1L, Fixtures.number("select count(*) from user_assignment where subscription_id = ?"
                + " and parent_subscription_id = ?", UUID.fromString(addon.id()), UUID.fromString(parent.id())),
                "a result that does not name the parent keeps it");

        // cancelled: pending while the vendor closes it (still refused), then over, and its purchaser may leave
        BillingEvents.publish(BillingEvents.addonRequest("ADDON_CANCEL", addon, "acct-addon", "acct-1", t + 7000));
        Fixtures.eventually(() -> assertEquals(1L, Fixtures.number("select count(*) from user_assignment where"
                + " subscription_id = ? and subscription_status = 'PENDING_REMOTE_CANCELLATION'", UUID.fromString(addon.id()))));
        f.asPartner().delete(members(co.uuid()) + "/" + addonBuyer).then().statusCode(409)
                .body("code", equalTo("USER_OWNS_PRODUCTS"));
        Map<String, Object> cancelled = BillingEvents.addonResult("ADDON_CANCEL", true, bigger, parent.id(), "CANCELLED",
                t + 8000);
        BillingEvents.publish(cancelled);
        BillingEvents.awaitProjected(cancelled);
        f.asPartner().get(members(co.uuid()) + "/" + addonBuyer + "/checklist").then()
                .body("havePurchasedProduct", equalTo(false));
        f.asPartner().get(assignments(co, parentBuyer)).then().body("content", hasSize(1))
                .body("content[0].status", equalTo("ACTIVE"));
        f.asPartner().delete(members(co.uuid()) + "/" + addonBuyer).then().statusCode(204);
    }

    @Test
    void anAddOnTheVendorRefusesIsNeverListedNorBlocksRemoval() {
        Co co = f.company("Refused Addon Co", true);
        String buyer = f.member(co, "buyer-" + UUID.randomUUID() + "@x.example", List.of("ROLE_BILLING_ADMIN"));
        Sub addon = Sub.of(f.partner, co.uuid(), buyer, 701, "Extra Seats", "Pack of 10");
        long t = System.currentTimeMillis() - 60_000;
        BillingEvents.publish(BillingEvents.addonRequest("ADDON_ORDER", addon, null, "acct-9", t));
        Fixtures.eventually(() -> f.asPartner().get(assignments(co, buyer)).then().body("content", hasSize(1))
                .body("content[0].status", equalTo("PENDING_REMOTE_CREATION")));
        Map<String, Object> failed = BillingEvents.addonResult("ADDON_ORDER", false, addon, UUID.randomUUID().toString(),
                "FAILED", t + 1000);
        BillingEvents.publish(failed);
        BillingEvents.awaitProjected(failed);
        f.asPartner().get(assignments(co, buyer)).then().statusCode(200).body("content", hasSize(0));
        f.asPartner().delete(members(co.uuid()) + "/" + buyer).then().statusCode(204);
    }
}
