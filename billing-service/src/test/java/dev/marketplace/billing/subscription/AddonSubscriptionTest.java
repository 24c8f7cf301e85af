package dev.marketplace.billing.subscription;

import static dev.marketplace.billing.BillingFixtures.activate;
import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.awaitStatus;
import static dev.marketplace.billing.BillingFixtures.buyer;
import static dev.marketplace.billing.BillingFixtures.invoicesOfOrder;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.order;
import static dev.marketplace.billing.BillingFixtures.path;
import static dev.marketplace.billing.BillingFixtures.publishResult;
import static dev.marketplace.billing.BillingFixtures.sql;
import static dev.marketplace.billing.BillingFixtures.with;
import static dev.marketplace.testkit.ErrorBodies.errorBody;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.billing.FakeCatalog;
import dev.marketplace.testkit.DomainEvents;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

/**
 * Add-on subscriptions through the subscription API: ordered against an ACTIVE parent of the same company (ADDON_ORDER
 * naming the parent's account), changed (ADDON_CHANGE), cancelled (ADDON_CANCEL), cancelled with their parent (before the
 * parent's own SUBSCRIPTION_CANCEL), invoiced like any subscription, suspended and reactivated with their parent, a
 * refused order told to the buyer (FAILED_ORDER); and every refusal, which changes nothing.
 */
@QuarkusTest
class AddonSubscriptionTest {
    private final String partner = newPartner();
    private final UUID company = UUID.randomUUID();
    private final UUID user = UUID.randomUUID();

    private static JsonNode event(String type, String subscriptionId) {
        return DomainEvents.await(e -> type.equals(e.path("type").asText())
                && subscriptionId.equals(e.path("aggregate").path("id").asText()), Duration.ofSeconds(30));
    }

    private static long outboxCount(String subscriptionId, String type) {
        return sql("select count(*) from outbox_event where aggregate_id = ? and type = ?", subscriptionId, type);
    }

    private static long outboxSeq(String subscriptionId, String type) {
        return sql("select seq from outbox_event where aggregate_id = ? and type = ?", subscriptionId, type);
    }

    /** An ACTIVE subscription to {@code product} of the test's company, its vendor account {@code account}. */
    private String activeParent(FakeCatalog.Product product, String account) {
        String id = asPartner(partner).body(order(product, 5)).post(buyer(partner, company, user)).then().statusCode(201)
                .extract().path("id");
        activate(partner, id, account);
        return id;
    }

    private Map<String, Object> addonOrder(FakeCatalog.Product addon, Object parentId, int users) {
        return with(order(addon, users), "parentSubscriptionId", parentId);
    }

    private long subscriptionsOfCompany() {
        return sql("select count(*) from subscription where partner = ? and company_uuid = ?", partner, company);
    }

    @Test
    void anAddOnOrderedAgainstAnActiveParentIsProvisionedChangedAndInvoicedLikeAnySubscription() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        FakeCatalog.Product addon = FakeCatalog.registerAddon(partner, product.id());
        String parentId = activeParent(product, "acct-parent-1");

        JsonPath ordered = asPartner(partner).body(addonOrder(addon, parentId, 2)).post(buyer(partner, company, user)).then()
                .statusCode(201).body("status", equalTo("PENDING_REMOTE_CREATION"))
                .body("parentSubscriptionId", equalTo(parentId)).body("productId", equalTo((int) addon.id()))
                .extract().jsonPath();
        String id = ordered.getString("id");
        long orderId = ordered.getLong("orderId");

        // the vendor hears ADDON_ORDER naming the parent's account; the buyer gets the add-on's order email
        JsonNode event = event("ADDON_ORDER", id);
        JsonNode p = event.path("payload");
        assertEquals("ADDON_ORDER", p.path("eventType").asText());
        assertEquals("acct-parent-1", p.path("account").path("parentAccountIdentifier").asText());
        assertEquals("INITIALIZED", p.path("account").path("status").asText());
        assertEquals("BASIC", p.path("order").path("editionCode").asText());
        assertEquals(2, p.path("order").path("items").path(0).path("quantity").asInt());
        JsonNode mail = p.path("notifications").path(0);
        assertEquals("SUBSCRIPTION_ORDER_MODULE", mail.path("type").asText());
        assertEquals("ann@acme.example", mail.path("recipients").path(0).asText());
        assertEquals("Task Pro " + product.id(), mail.path("parameters").path("parentProductName").asText());
        assertEquals("Task Pro " + addon.id(), mail.path("parameters").path("productName").asText());
        assertEquals(orderId, mail.path("parameters").path("orderId").asLong());
        assertEquals(0, outboxCount(id, "SUBSCRIPTION_ORDER"), "an add-on is never sent as a plain subscription order");

        // its answer makes it ACTIVE, and it is invoiced like any subscription: its own line on its order's invoice
        publishResult(partner, id, "ADDON_ORDER", true, "addon-acct-1", null, null, null);
        awaitStatus(partner, id, "ACTIVE");
        asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().body("accountIdentifier", equalTo("addon-acct-1"));
        event("ADDON_ORDER_SUCCEEDED", id);
        List<Integer> invoices = invoicesOfOrder(partner, orderId);
        assertEquals(1, invoices.size(), "the add-on's order has its first invoice");
        asPartner(partner).get("/api/billing/v1/invoices/" + invoices.get(0)).then().statusCode(200)
                .body("orderIds", equalTo(List.of(Long.toString(orderId))))
                .body("invoiceLines.productId", hasItem((int) addon.id()))
                .body("invoiceLines.find { it.productId == " + addon.id() + " }.quantity", equalTo(2));
        asPartner(partner).get("/api/billing/v1/orders?count=100").then().statusCode(200)
                .body("find { it.id == " + orderId + " }.productId", equalTo((int) addon.id()))
                .body("find { it.id == " + orderId + " }.status", equalTo("ACTIVE"));

        // a change of its quantity is ADDON_CHANGE, naming the parent's account again
        asPartner(partner).body(Map.of("items", List.of(Map.of("unit", "USER", "quantity", 4))))
                .put(path(company, user) + "/" + id).then().statusCode(202);
        JsonNode change = event("ADDON_CHANGE", id).path("payload");
        assertEquals("acct-parent-1", change.path("account").path("parentAccountIdentifier").asText());
        assertEquals("addon-acct-1", change.path("account").path("accountIdentifier").asText());
        assertEquals(4, change.path("order").path("items").path(0).path("quantity").asInt());
        assertEquals(0, outboxCount(id, "SUBSCRIPTION_CHANGE"));
        publishResult(partner, id, "ADDON_CHANGE", true, null, null, null, null);
        event("ADDON_CHANGE_SUCCEEDED", id);
        asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().body("items[0].quantity", equalTo(4))
                .body("pendingChange", nullValue());

        // cancelling the add-on alone is ADDON_CANCEL; the parent stays ACTIVE
        asPartner(partner).delete(path(company, user) + "/" + id).then().statusCode(202)
                .body("status", equalTo("PENDING_REMOTE_CANCELLATION"));
        JsonNode cancel = event("ADDON_CANCEL", id).path("payload");
        assertEquals("acct-parent-1", cancel.path("account").path("parentAccountIdentifier").asText());
        assertEquals("addon-acct-1", cancel.path("account").path("accountIdentifier").asText());
        publishResult(partner, id, "ADDON_CANCEL", true, null, null, null, null);
        awaitStatus(partner, id, "CANCELLED");
        asPartner(partner).get("/api/billing/v1/subscriptions/" + parentId).then().body("status", equalTo("ACTIVE"));
        assertEquals(0, outboxCount(parentId, "SUBSCRIPTION_CANCEL"));
    }

    @Test
    void cancellingTheParentCancelsItsAddOnsFirstAndSendsItsOwnCancelOnceTheyAreAnswered() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        FakeCatalog.Product addon = FakeCatalog.registerAddon(partner, product.id());
        String parentId = activeParent(product, "acct-parent-2");
        String first = asPartner(partner).body(addonOrder(addon, parentId, 1)).post(buyer(partner, company, user)).then()
                .statusCode(201).extract().path("id");
        activateAddon(first, "addon-a");
        String second = asPartner(partner).body(with(addonOrder(addon, parentId, 1), "editionId", addon.otherEditionId()))
                .post(buyer(partner, company, user)).then().statusCode(201).extract().path("id");
        activateAddon(second, "addon-b");

        asPartner(partner).delete(path(company, user) + "/" + parentId).then().statusCode(202)
                .body("status", equalTo("PENDING_REMOTE_CANCELLATION"));
        assertEquals("acct-parent-2", event("ADDON_CANCEL", first).path("payload").path("account")
                .path("parentAccountIdentifier").asText());
        event("ADDON_CANCEL", second);
        assertEquals(0, outboxCount(parentId, "SUBSCRIPTION_CANCEL"), "the parent waits for its add-ons' answers");

        publishResult(partner, first, "ADDON_CANCEL", true, null, null, null, null);
        awaitStatus(partner, first, "CANCELLED");
        assertEquals(0, outboxCount(parentId, "SUBSCRIPTION_CANCEL"), "one add-on is still being cancelled");

        publishResult(partner, second, "ADDON_CANCEL", true, null, null, null, null);
        awaitStatus(partner, second, "CANCELLED");
        JsonNode parentCancel = event("SUBSCRIPTION_CANCEL", parentId).path("payload");
        assertEquals("acct-parent-2", parentCancel.path("account").path("accountIdentifier").asText());
        assertTrue(parentCancel.path("account").path("parentAccountIdentifier").isMissingNode());
        assertTrue(outboxSeq(parentId, "SUBSCRIPTION_CANCEL") > outboxSeq(second, "ADDON_CANCEL_SUCCEEDED"),
                "the parent's cancellation is written after the last add-on's answer");
        publishResult(partner, parentId, "SUBSCRIPTION_CANCEL", true, null, null, null, null);
        awaitStatus(partner, parentId, "CANCELLED");
    }

    @Test
    void anAddOnTheVendorRefusesToCancelKeepsItsParent() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        FakeCatalog.Product addon = FakeCatalog.registerAddon(partner, product.id());
        String parentId = activeParent(product, "acct-parent-3");
        String id = asPartner(partner).body(addonOrder(addon, parentId, 1)).post(buyer(partner, company, user)).then()
                .statusCode(201).extract().path("id");
        activateAddon(id, "addon-c");

        asPartner(partner).delete(path(company, user) + "/" + parentId).then().statusCode(202);
        event("ADDON_CANCEL", id);
        publishResult(partner, id, "ADDON_CANCEL", false, null, "OPERATION_CANCELLED", "no", null);
        awaitStatus(partner, parentId, "ACTIVE");
        asPartner(partner).get("/api/billing/v1/subscriptions/" + parentId).then()
                .body("error.code", equalTo("ADDON_CANCEL_REFUSED"));
        asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().body("status", equalTo("ACTIVE"));
        assertEquals(0, outboxCount(parentId, "SUBSCRIPTION_CANCEL"));
        event("SUBSCRIPTION_CANCEL_FAILED", parentId);
    }

    @Test
    void addOnOrdersThatDoNotFitTheirParentAreRefusedAndChangeNothing() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        FakeCatalog.Product addon = FakeCatalog.registerAddon(partner, product.id());
        FakeCatalog.Product unrelated = FakeCatalog.register(partner, false, true);
        String parentId = activeParent(product, "acct-parent-4");
        String orders = buyer(partner, company, user);
        long before = subscriptionsOfCompany();

        // an add-on edition without its parent, and an ordinary edition with one
        asPartner(partner).body(order(addon, 1)).post(orders).then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                .body("message", equalTo("parentSubscriptionId: is required: edition " + addon.editionId()
                        + " is an add-on of product " + product.id() + "; name the company's ACTIVE subscription of it"));
        asPartner(partner).body(addonOrder(unrelated, parentId, 1)).post(orders).then().statusCode(400)
                .body("message", equalTo("parentSubscriptionId: edition " + unrelated.editionId()
                        + " is not an add-on; leave parentSubscriptionId out"));
        asPartner(partner).body(addonOrder(addon, "not-a-uuid", 1)).post(orders).then().statusCode(400)
                .body("message", equalTo("parentSubscriptionId: must be the id (a UUID) of the company's ACTIVE subscription this add-on is ordered for"));
        // a subscription of another product than the one the edition is an add-on of
        String unrelatedParent = activeParent(unrelated, "acct-other-product");
        before = subscriptionsOfCompany();
        asPartner(partner).body(addonOrder(addon, unrelatedParent, 1)).post(orders).then().statusCode(400)
                .body("message", equalTo("parentSubscriptionId: must be a subscription of product " + product.id()
                        + " (edition " + addon.editionId() + " is an add-on of it)"));

        // another company's parent, another marketplace's, an unknown one: the same 404
        UUID otherCompany = UUID.randomUUID();
        String theirs = asPartner(partner).body(order(product, 1)).post(buyer(partner, otherCompany, user)).then()
                .statusCode(201).extract().path("id");
        activate(partner, theirs, "acct-their-parent");
        before = subscriptionsOfCompany();
        String unknown = UUID.randomUUID().toString();
        for (String parent : List.of(theirs, unknown)) {
            asPartner(partner).body(addonOrder(addon, parent, 1)).post(orders).then().statusCode(404)
                    .body("code", equalTo("NOT_FOUND"));
        }
        String elsewhere = newPartner();
        FakeCatalog.Product theirProduct = FakeCatalog.register(elsewhere, false, true);
        String foreign = asPartner(elsewhere).body(order(theirProduct, 1)).post(buyer(elsewhere, UUID.randomUUID(), UUID.randomUUID())).then()
                .statusCode(201).extract().path("id");
        asPartner(partner).body(addonOrder(addon, foreign, 1)).post(orders).then().statusCode(404);

        // a parent that is not ACTIVE (still being created)
        String pending = asPartner(partner).body(order(product, 1)).post(orders).then().statusCode(201).extract().path("id");
        before = subscriptionsOfCompany();
        asPartner(partner).body(addonOrder(addon, pending, 1)).post(orders).then().statusCode(409)
                .body("code", equalTo("INVALID_STATE"))
                .body("message", equalTo("parent subscription " + pending
                        + " is PENDING_REMOTE_CREATION; an add-on is ordered against an ACTIVE subscription only"));
        assertEquals(before, subscriptionsOfCompany(), "no refused order left a subscription behind");
        assertEquals(0, sql("select count(*) from subscription where parent_subscription_id is not null and partner = ?", partner));
    }

    @Test
    void aParentWhoseAddOnWaitsForItsVendorCannotBeCancelledYet() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        FakeCatalog.Product addon = FakeCatalog.registerAddon(partner, product.id());
        String parentId = activeParent(product, "acct-parent-5");
        String id = asPartner(partner).body(addonOrder(addon, parentId, 1)).post(buyer(partner, company, user)).then()
                .statusCode(201).extract().path("id");

        asPartner(partner).delete(path(company, user) + "/" + parentId).then().statusCode(409)
                .body("code", equalTo("INVALID_STATE"))
                .body("message", equalTo("add-on subscription " + id
                        + " is PENDING_REMOTE_CREATION; the subscription can be cancelled once its vendor has answered"));
        asPartner(partner).get("/api/billing/v1/subscriptions/" + parentId).then().body("status", equalTo("ACTIVE"));
        assertEquals(0, outboxCount(id, "ADDON_CANCEL"));
    }

    private static String suspension(String id) {
        return "/api/billing/v1/subscriptions/" + id + "/suspension";
    }

    private static long notices(String id, String noticeType) {
        return sql("select count(*) from outbox_event where type = 'SUBSCRIPTION_NOTICE' and aggregate_id = ?"
                + " and envelope::jsonb -> 'payload' -> 'notice' ->> 'type' = ?", id, noticeType);
    }

    private static JsonNode notice(String id, String noticeType) {
        return DomainEvents.await(e -> "SUBSCRIPTION_NOTICE".equals(e.path("type").asText())
                && id.equals(e.path("aggregate").path("id").asText())
                && noticeType.equals(e.path("payload").path("notice").path("type").asText()), Duration.ofSeconds(30));
    }

    private String orderAddon(FakeCatalog.Product addon, String parentId) {
        return asPartner(partner).body(addonOrder(addon, parentId, 1)).post(buyer(partner, company, user)).then()
                .statusCode(201).extract().path("id");
    }

    private static String invalidField(String message) {
        return "{\"code\":\"INVALID_FIELD\",\"message\":\"" + message + "\"}";
    }

    @Test
    void suspendingAParentSuspendsItsActiveAddOnsAndReactivatingItBringsBackOnlyThoseItSuspended() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        FakeCatalog.Product addon = FakeCatalog.registerAddon(partner, product.id());
        String parentId = activeParent(product, "acct-parent-6");
        String follower = orderAddon(addon, parentId);
        activateAddon(follower, "addon-f");
        String own = orderAddon(addon, parentId);
        activateAddon(own, "addon-o");
        String pending = orderAddon(addon, parentId); // its vendor has not answered yet
        asPartner(partner).post(suspension(own)).then().statusCode(200).body("suspension.reason", equalTo("OPERATOR"));

        asPartner(partner).post(suspension(parentId)).then().statusCode(200).body("status", equalTo("SUSPENDED"))
                .body("suspension.reason", equalTo("OPERATOR"));
        // the ACTIVE add-on is suspended with it; its vendor hears DEACTIVATED naming the parent's account, as ADDON_* do
        asPartner(partner).get("/api/billing/v1/subscriptions/" + follower).then().body("status", equalTo("SUSPENDED"))
                .body("suspension.reason", equalTo("PARENT_SUSPENDED"));
        JsonNode deactivated = notice(follower, "DEACTIVATED").path("payload");
        assertEquals("SUBSCRIPTION_NOTICE", deactivated.path("eventType").asText());
        assertEquals("addon-f", deactivated.path("account").path("accountIdentifier").asText());
        assertEquals("acct-parent-6", deactivated.path("account").path("parentAccountIdentifier").asText());
        assertEquals("SUSPENDED", deactivated.path("account").path("status").asText());
        assertEquals("Suspended with its parent subscription, by the marketplace",
                deactivated.path("notice").path("message").asText());
        JsonNode mail = deactivated.path("notifications").path(0);
        assertEquals("SUBSCRIPTION_SUSPENDED", mail.path("type").asText());
        assertEquals("ann@acme.example", mail.path("recipients").path(0).asText());
        assertEquals("Task Pro " + addon.id(), mail.path("parameters").path("productName").asText());
        assertEquals(1, notices(follower, "DEACTIVATED"));
        // the add-on suspended on its own is left as it was; the pending one is not touched
        assertEquals(1, notices(own, "DEACTIVATED"), "no second notice for an add-on already suspended");
        asPartner(partner).get("/api/billing/v1/subscriptions/" + own).then().body("suspension.reason", equalTo("OPERATOR"));
        asPartner(partner).get("/api/billing/v1/subscriptions/" + pending).then()
                .body("status", equalTo("PENDING_REMOTE_CREATION"));

        // an add-on whose order is accepted while its parent is suspended is suspended with it at once
        publishResult(partner, pending, "ADDON_ORDER", true, "addon-p", null, null, null);
        awaitStatus(partner, pending, "SUSPENDED");
        asPartner(partner).get("/api/billing/v1/subscriptions/" + pending).then()
                .body("suspension.reason", equalTo("PARENT_SUSPENDED"));
        assertEquals("acct-parent-6", notice(pending, "DEACTIVATED").path("payload").path("account")
                .path("parentAccountIdentifier").asText());

        // an add-on suspended with its parent does not come back alone
        asPartner(partner).delete(suspension(follower)).then().statusCode(409).body(errorBody(
                "{\"code\":\"INVALID_STATE\",\"message\":\"subscription " + follower
                        + " is SUSPENDED with its parent subscription " + parentId
                        + "; it is reactivated when its parent is\"}"));
        asPartner(partner).get("/api/billing/v1/subscriptions/" + follower).then().body("status", equalTo("SUSPENDED"));
        assertEquals(0, notices(follower, "REACTIVATED"));

        // reactivating the parent brings back the add-ons it suspended, not the one suspended on its own
        asPartner(partner).delete(suspension(parentId)).then().statusCode(200).body("status", equalTo("ACTIVE"));
        for (String id : List.of(follower, pending)) {
            asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().body("status", equalTo("ACTIVE"))
                    .body("suspension", nullValue());
            JsonNode reactivated = notice(id, "REACTIVATED").path("payload");
            assertEquals("ACTIVE", reactivated.path("account").path("status").asText());
            assertEquals("acct-parent-6", reactivated.path("account").path("parentAccountIdentifier").asText());
            assertEquals(1, notices(id, "REACTIVATED"));
        }
        asPartner(partner).get("/api/billing/v1/subscriptions/" + own).then().body("status", equalTo("SUSPENDED"))
                .body("suspension.reason", equalTo("OPERATOR"));
        assertEquals(0, notices(own, "REACTIVATED"));

        // suspended again, the parent can still be cancelled, its add-ons first (the suspended ones included)
        asPartner(partner).post(suspension(parentId)).then().statusCode(200);
        asPartner(partner).delete(path(company, user) + "/" + parentId).then().statusCode(202)
                .body("status", equalTo("PENDING_REMOTE_CANCELLATION"));
        for (String id : List.of(follower, own, pending)) {
            event("ADDON_CANCEL", id);
        }
        assertEquals(0, outboxCount(parentId, "SUBSCRIPTION_CANCEL"), "the parent waits for its add-ons' answers");
        for (String id : List.of(follower, own, pending)) {
            publishResult(partner, id, "ADDON_CANCEL", true, null, null, null, null);
            awaitStatus(partner, id, "CANCELLED");
        }
        event("SUBSCRIPTION_CANCEL", parentId);
    }

    @Test
    void anAddOnChangesOnlyToAnAddOnEditionOfItsParentsProductAndAParentNeverToAnAddOnEdition() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        FakeCatalog.Product other = FakeCatalog.register(partner, false, true);
        FakeCatalog.Product addon = FakeCatalog.registerAddon(partner, product.id());
        FakeCatalog.addonOf(addon, addon.otherEditionId(), other.id()); // PREMIUM: an add-on of another product
        FakeCatalog.Product plain = FakeCatalog.registerAddon(partner, product.id());
        FakeCatalog.addonOf(plain, plain.otherEditionId(), null); // PREMIUM: no add-on at all
        String parentId = activeParent(product, "acct-parent-7");
        String a = orderAddon(addon, parentId);
        activateAddon(a, "addon-g");
        String b = orderAddon(plain, parentId);
        activateAddon(b, "addon-h");

        asPartner(partner).body(Map.of("editionId", addon.otherEditionId())).put("/api/billing/v1/subscriptions/" + a)
                .then().statusCode(400).body(errorBody(invalidField("editionId: edition " + addon.otherEditionId()
                        + " is an add-on of product " + other.id() + ", not of product " + product.id()
                        + " of the parent subscription " + parentId)));
        asPartner(partner).body(Map.of("editionId", plain.otherEditionId())).put("/api/billing/v1/subscriptions/" + b)
                .then().statusCode(400)
                .body(errorBody(invalidField("editionId: an add-on subscription changes to another add-on edition only")));
        // a parent subscription never changes to an add-on edition
        FakeCatalog.addonOf(product, product.otherEditionId(), other.id());
        asPartner(partner).body(Map.of("editionId", product.otherEditionId()))
                .put("/api/billing/v1/subscriptions/" + parentId).then().statusCode(400)
                .body(errorBody(invalidField("editionId: edition " + product.otherEditionId()
                        + " is an add-on; it is ordered against a parent subscription")));

        // nothing changed
        for (String id : List.of(a, b, parentId)) {
            asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().body("status", equalTo("ACTIVE"))
                    .body("pendingChange", nullValue());
        }
        asPartner(partner).get("/api/billing/v1/subscriptions/" + a).then().body("editionId", equalTo((int) addon.editionId()));
        assertEquals(0, outboxCount(a, "ADDON_CHANGE") + outboxCount(b, "ADDON_CHANGE")
                + outboxCount(parentId, "SUBSCRIPTION_CHANGE"));

        // an add-on edition of the parent's product is accepted
        FakeCatalog.addonOf(addon, addon.otherEditionId(), product.id());
        asPartner(partner).body(Map.of("editionId", addon.otherEditionId())).put("/api/billing/v1/subscriptions/" + a)
                .then().statusCode(202);
        assertEquals(addon.otherEditionId(), event("ADDON_CHANGE", a).path("payload").path("order").path("editionId").asLong());
    }

    @Test
    void aRefusedAddOnOrderIsAFailedOrderForItsBuyer() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        FakeCatalog.Product addon = FakeCatalog.registerAddon(partner, product.id());
        String parentId = activeParent(product, "acct-parent-8");
        String refused = orderAddon(addon, parentId);
        long orderId = asPartner(partner).get("/api/billing/v1/subscriptions/" + refused).then().extract().jsonPath()
                .getLong("orderId");

        publishResult(partner, refused, "ADDON_ORDER", false, null, "MAX_USERS_REACHED", "Too many users", null);
        awaitStatus(partner, refused, "FAILED");
        JsonNode mail = event("ADDON_ORDER_FAILED", refused).path("payload").path("notifications").path(0);
        assertEquals("FAILED_ORDER", mail.path("type").asText());
        assertEquals("EMAIL", mail.path("channel").asText());
        assertEquals("ann@acme.example", mail.path("recipients").path(0).asText());
        assertEquals("Too many users", mail.path("parameters").path("errorMessage").asText());
        assertEquals("Task Pro " + addon.id(), mail.path("parameters").path("productName").asText());
        assertEquals(orderId, mail.path("parameters").path("orderId").asLong());

        String accepted = orderAddon(addon, parentId);
        activateAddon(accepted, "addon-i");
        assertEquals(0, event("ADDON_ORDER_SUCCEEDED", accepted).path("payload").path("notifications").size());
        asPartner(partner).get("/api/billing/v1/subscriptions/" + parentId).then().body("status", equalTo("ACTIVE"));
    }

    private void activateAddon(String id, String account) {
        publishResult(partner, id, "ADDON_ORDER", true, account, null, null, null);
        awaitStatus(partner, id, "ACTIVE");
    }
}
