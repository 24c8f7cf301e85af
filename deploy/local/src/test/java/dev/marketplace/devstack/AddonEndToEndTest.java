package dev.marketplace.devstack;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * Add-ons through the gateway against AppDirect's own vendor library: an add-on edition (catalog's parentProductId)
 * ordered against an ACTIVE subscription reaches the SDK's AddonSubscriptionOrder handler with the parent's account and
 * becomes ACTIVE; a change of its quantity reaches the change handler naming the parent's account; cancelling the parent
 * reaches the SDK's AddonSubscriptionCancel handler before the parent's own SubscriptionCancel, and both end CANCELLED;
 * the SDK logged no warning meanwhile.
 */
class AddonEndToEndTest {
    private static final GatewayClient client = GatewayClient.bootstrapConsumer();
    private static VendorApp vendor;
    private static long parentProduct;
    private static long parentEdition;
    private static long addonProduct;
    private static long addonEdition;
    private static String companyUuid;
    private static String userUuid;

    @BeforeAll
    static void productsAndCustomer() throws Exception {
        Suite.stack();
        vendor = VendorApp.get();
        String[] events = { "SUBSCRIPTION_ORDER", "SUBSCRIPTION_CANCEL", "SUBSCRIPTION_CHANGE" };
        JsonPath parent = BillingSteps.sdkProduct(client, vendor, Map.of("name", "SDK Suite", "description", "The parent",
                "vendorName", "SDK Vendor Inc", "editions", List.of(edition("SUITE", null))), events);
        parentProduct = parent.getLong("id");
        parentEdition = parent.getLong("editions[0].id");
        JsonPath addon = BillingSteps.sdkProduct(client, vendor, Map.of("name", "SDK Storage", "description", "An add-on",
                "vendorName", "SDK Vendor Inc", "editions", List.of(edition("STORAGE", parentProduct))), events);
        addonProduct = addon.getLong("id");
        addonEdition = addon.getLong("editions[0].id");
        assertEquals(parentProduct, addon.getLong("editions[0].parentProductId"));

        String externalId = "addon-e2e-" + UUID.randomUUID();
        BillingSteps.Buyer buyer = BillingSteps.company(client, "Addon Buyer Inc", externalId,
                "buyer-" + externalId + "@e2e.example", "Ada", "Buyer");
        companyUuid = buyer.companyUuid();
        userUuid = buyer.userUuid();
    }

    private static Map<String, Object> edition(String code, Long parent) {
        Map<String, Object> edition = new java.util.HashMap<>(Map.of("code", code, "name", "Edition " + code, "rank", 1,
                "primary", true, "revenueType", "RECURRING",
                "plans", List.of(Map.of("frequency", "MONTHLY", "costs", List.of(Map.of("unit", "USER", "minUnits", 1,
                        "maxUnits", 100, "amount", Map.of("USD", 10)))))));
        if (parent != null) {
            edition.put("parentProductId", parent);
        }
        return edition;
    }

    private static String subscriptionsPath() {
        return "/api/billing/v1/companies/" + companyUuid + "/users/" + userUuid + "/subscriptions";
    }

    private static String order(long product, long edition, String parentSubscriptionId) {
        Map<String, Object> body = new java.util.HashMap<>(Map.of("productId", product, "editionId", edition,
                "items", List.of(Map.of("unit", "USER", "quantity", 2)),
                "company", Map.of("name", "Addon Buyer Inc", "country", "US"),
                "user", Map.of("email", "ada@e2e.example", "firstName", "Ada", "lastName", "Buyer")));
        if (parentSubscriptionId != null) {
            body.put("parentSubscriptionId", parentSubscriptionId);
        }
        return client.signed("POST", subscriptionsPath()).contentType(ContentType.JSON).body(body)
                .post(client.url(subscriptionsPath())).then().statusCode(201)
                .body("status", equalTo("PENDING_REMOTE_CREATION")).extract().path("id");
    }

    @Test
    void anAddOnIsOrderedChangedAndCancelledWithItsParentThroughTheSdksAddOnHandlers() throws Exception {
        int logBefore = vendor.log().length();
        String parent = order(parentProduct, parentEdition, null);
        String parentAccount = VendorEndToEndTest.awaitStatus(parent, "ACTIVE", Duration.ofSeconds(60))
                .getString("accountIdentifier");

        // an add-on edition without its parent is refused, naming the field
        client.signed("POST", subscriptionsPath()).contentType(ContentType.JSON)
                .body(Map.of("productId", addonProduct, "editionId", addonEdition,
                        "company", Map.of("name", "Addon Buyer Inc"), "user", Map.of("email", "ada@e2e.example")))
                .post(client.url(subscriptionsPath())).then().statusCode(400)
                .body("message", org.hamcrest.Matchers.startsWith("parentSubscriptionId: is required"));

        String addon = order(addonProduct, addonEdition, parent);
        awaitVendorLog("VENDOR ADDON_ORDER ", "parentAccountIdentifier=" + parentAccount);
        JsonPath active = VendorEndToEndTest.awaitStatus(addon, "ACTIVE", Duration.ofSeconds(60));
        String addonAccount = active.getString("accountIdentifier");
        assertTrue(addonAccount.startsWith("addon-"), "the SDK's add-on handler chose it: " + addonAccount);
        assertEquals(parent, active.getString("parentSubscriptionId"));

        String addonPath = "/api/billing/v1/subscriptions/" + addon;
        client.signed("PUT", addonPath).contentType(ContentType.JSON)
                .body(Map.of("items", List.of(Map.of("unit", "USER", "quantity", 3)))).put(client.url(addonPath)).then()
                .statusCode(202);
        awaitVendorLog("VENDOR ADDON_CHANGE ", "accountIdentifier=" + addonAccount + " parentAccountIdentifier="
                + parentAccount + " edition=STORAGE items=USER:3");
        awaitQuantity(addonPath, 3);

        String parentPath = "/api/billing/v1/subscriptions/" + parent;
        client.signed("DELETE", parentPath).delete(client.url(parentPath)).then().statusCode(202)
                .body("status", equalTo("PENDING_REMOTE_CANCELLATION"));
        VendorEndToEndTest.awaitStatus(addon, "CANCELLED", Duration.ofSeconds(60));
        VendorEndToEndTest.awaitStatus(parent, "CANCELLED", Duration.ofSeconds(60));
        List<String> log = vendor.log().substring(logBefore).lines().toList();
        int addonCancel = indexOf(log, "VENDOR ADDON_CANCEL ", "accountIdentifier=" + addonAccount
                + " parentAccountIdentifier=" + parentAccount);
        int parentCancel = indexOf(log, "VENDOR SUBSCRIPTION_CANCEL ", "accountIdentifier=" + parentAccount);
        assertTrue(addonCancel >= 0 && parentCancel > addonCancel,
                "the add-on's cancel handler ran before the parent's: " + addonCancel + " / " + parentCancel);

        // each event is listed under its own kind, delivered
        for (String[] kind : new String[][] { { "ADDON_ORDER", addon }, { "ADDON_CHANGE", addon }, { "ADDON_CANCEL", addon } }) {
            String events = "/api/channel/v1/events?type=" + kind[0] + "&searchText=" + kind[1];
            client.signed("GET", events).get(client.url(events)).then().statusCode(200)
                    .body("content.size()", equalTo(1)).body("content[0].vendorStatus", equalTo("SUCCEEDED"));
        }
        // every add-on event parsed as AppDirect's library expects it: no warning, no error
        String meanwhile = vendor.log().substring(logBefore);
        assertTrue(meanwhile.lines().noneMatch(line -> line.contains(" WARN ") || line.contains(" ERROR ")), meanwhile);
    }

    private static int indexOf(List<String> lines, String start, String part) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(start) && lines.get(i).contains(part)) {
                return i;
            }
        }
        return -1;
    }

    private static void awaitQuantity(String path, int quantity) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            JsonPath current = client.signed("GET", path).get(client.url(path)).then().statusCode(200).extract().jsonPath();
            if (current.getInt("items[0].quantity") == quantity && current.get("pendingChange") == null) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the add-on's change did not apply: " + current.prettify());
            }
            Thread.sleep(200);
        }
    }

    private static void awaitVendorLog(String start, String part) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (vendor.log().lines().noneMatch(line -> line.contains(start) && line.contains(part))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no vendor log line with " + start + "… " + part + " after 60 s:\n" + vendor.log());
            }
            Thread.sleep(200);
        }
    }
}
