package dev.marketplace.devstack;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
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
 * The vendor protocol against AppDirect's own vendor library, unchanged: a product integrated with the SDK vendor,
 * an order placed through the gateway, the signed notification, the vendor's signed fetch and its asynchronous signed
 * result, and the subscription becoming ACTIVE with the account identifier the vendor chose; then a cancel; an
 * operator's suspension and reactivation reaching the SDK's SubscriptionDeactivated and SubscriptionReactivated handlers.
 */
class VendorEndToEndTest {
    private static final GatewayClient client = GatewayClient.bootstrapConsumer();
    private static VendorApp vendor;
    private static long productId;
    private static Map<String, Long> editions;
    private static String companyUuid;
    private static String userUuid;

    @BeforeAll
    static void vendorProductAndCustomer() throws Exception {
        Suite.stack();
        vendor = VendorApp.get();
        JsonPath product = BillingSteps.sdkProduct(client, vendor, Map.of("name", "SDK Tasks",
                "description", "Tasks by the SDK vendor", "vendorName", "SDK Vendor Inc",
                "editions", List.of(edition("BASIC", true), edition("FAIL", false))),
                "SUBSCRIPTION_ORDER", "SUBSCRIPTION_CANCEL", "SUBSCRIPTION_CHANGE", "SUBSCRIPTION_NOTICE",
                "USER_ASSIGNMENT", "USER_UNASSIGNMENT");
        productId = product.getLong("id");
        editions = Map.of(product.getString("editions[0].code"), product.getLong("editions[0].id"),
                product.getString("editions[1].code"), product.getLong("editions[1].id"));

        String externalId = "vendor-e2e-" + UUID.randomUUID();
        BillingSteps.Buyer buyer = BillingSteps.company(client, "Buyer Inc", externalId,
                "buyer-" + externalId + "@e2e.example", "Bea", "Buyer");
        companyUuid = buyer.companyUuid();
        userUuid = buyer.userUuid();
    }

    private static Map<String, Object> edition(String code, boolean primary) {
        return Map.of("code", code, "name", "Edition " + code, "rank", primary ? 1 : 2, "primary", primary,
                "revenueType", "RECURRING",
                "plans", List.of(Map.of("frequency", "MONTHLY", "costs", List.of(Map.of("unit", "USER", "minUnits", 1,
                        "maxUnits", 100, "amount", Map.of("USD", 10))))));
    }

    @Test
    void anOrderBecomesActiveWithTheVendorsAccountIdentifierAndACancelEndsIt() {
        String subscription = order("BASIC");
        JsonPath active = awaitStatus(subscription, "ACTIVE", Duration.ofSeconds(60));
        String account = active.getString("accountIdentifier");
        assertTrue(account.startsWith("acct-"), "the vendor's identifier, not ours: " + account);
        // account-service learns of it from billing's events: the buyer's assignments list it
        awaitAssignment(subscription, "ACTIVE");

        String path = subscriptionsPath() + "/" + subscription;
        client.signed("DELETE", path).delete(client.url(path)).then().statusCode(202)
                .body("status", equalTo("PENDING_REMOTE_CANCELLATION"));
        awaitStatus(subscription, "CANCELLED", Duration.ofSeconds(60));
        awaitAssignment(subscription, null);
    }

    @Test
    void anOperatorsSuspensionReachesTheSdkVendorsDeactivatedHandlerAndReactivationItsReactivatedHandler() throws Exception {
        String subscription = order("BASIC");
        String account = awaitStatus(subscription, "ACTIVE", Duration.ofSeconds(60)).getString("accountIdentifier");
        String suspension = "/api/billing/v1/subscriptions/" + subscription + "/suspension";
        int logBefore = vendor.log().length();

        client.signed("POST", suspension).post(client.url(suspension)).then().statusCode(200)
                .body("status", equalTo("SUSPENDED")).body("suspension.reason", equalTo("OPERATOR"));
        awaitVendorLog("VENDOR SUBSCRIPTION_NOTICE type=DEACTIVATED ", "accountIdentifier=" + account + " accountStatus=SUSPENDED");
        awaitStatus(subscription, "SUSPENDED", Duration.ofSeconds(5));
        awaitNoticesLogged(subscription, 1);
        // suspended: no change of the order goes through
        String path = "/api/billing/v1/subscriptions/" + subscription;
        client.signed("PUT", path).contentType(ContentType.JSON)
                .body(Map.of("items", List.of(Map.of("unit", "USER", "quantity", 6)))).put(client.url(path)).then()
                .statusCode(409).body("code", equalTo("INVALID_STATE"));

        client.signed("DELETE", suspension).delete(client.url(suspension)).then().statusCode(200)
                .body("status", equalTo("ACTIVE"));
        awaitVendorLog("VENDOR SUBSCRIPTION_NOTICE type=REACTIVATED ", "accountIdentifier=" + account + " accountStatus=ACTIVE");
        awaitStatus(subscription, "ACTIVE", Duration.ofSeconds(5));
        awaitNoticesLogged(subscription, 2);
        // both notices parsed as AppDirect's library expects them: it logged no warning and no error meanwhile
        String meanwhile = vendor.log().substring(logBefore);
        assertTrue(meanwhile.lines().noneMatch(line -> line.contains(" WARN ") || line.contains(" ERROR ")), meanwhile);
    }

    /** Waits until the SDK vendor's log has a line with both parts (its handler logs what the SDK handed it). */
    private static void awaitVendorLog(String start, String part) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (vendor.log().lines().noneMatch(line -> line.contains(start) && line.contains(part))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no vendor log line with " + start + "… " + part + " after 60 s");
            }
            Thread.sleep(200);
        }
    }

    /** Waits until the event log lists {@code count} SUBSCRIPTION_NOTICE events of the subscription, each delivered. */
    private static void awaitNoticesLogged(String subscription, int count) throws InterruptedException {
        String events = "/api/channel/v1/events?type=SUBSCRIPTION_NOTICE&searchText=" + subscription;
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            JsonPath page = client.signed("GET", events).get(client.url(events)).then().statusCode(200).extract().jsonPath();
            List<String> statuses = page.getList("content.vendorStatus");
            if (statuses.size() == count && statuses.stream().allMatch("SUCCEEDED"::equals)) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("SUBSCRIPTION_NOTICE events of " + subscription + ": " + page.prettify());
            }
            Thread.sleep(200);
        }
    }

    /** Waits until the buyer's assignments show the subscription with {@code status} (null: not listed). */
    private static void awaitAssignment(String subscription, String status) {
        String path = "/api/account/v2/companies/" + companyUuid + "/memberships/" + userUuid + "/assignments";
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            JsonPath listing = client.signed("GET", path).get(client.url(path)).then().statusCode(200).extract().jsonPath();
            List<String> ids = listing.getList("content.subscriptionId");
            List<String> statuses = listing.getList("content.status");
            int at = ids.indexOf(subscription);
            if (status == null ? at < 0 : at >= 0 && status.equals(statuses.get(at))) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("assignments of the buyer after 30 s, waiting for " + subscription + " " + status
                        + ": " + listing.prettify());
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    @Test
    void aVendorErrorFailsTheOrderWithTheVendorsCodeAndMessage() {
        String subscription = order("FAIL");
        JsonPath failed = awaitStatus(subscription, "FAILED", Duration.ofSeconds(60));
        assertEquals("CONFIGURATION_ERROR", failed.getString("error.code"));
        assertTrue(failed.getString("error.message").contains("FAIL"), failed.getString("error.message"));
    }

    @Test
    void theEventCanOnlyBeFetchedWithTheProductsOwnCredentials() {
        String subscription = order("BASIC");
        awaitStatus(subscription, "ACTIVE", Duration.ofSeconds(60));
        // the channel consumer is not the vendor of this product: even a validly signed fetch is refused
        String events = "/api/integration/v1/events/" + "0".repeat(32);
        client.signed("GET", events).get(client.url(events)).then().statusCode(403);
        // and a forged vendor signature is refused by the gateway
        new GatewayClient(Suite.stack().gatewayUrl(), "unknown-vendor-key", "nope").signed("POST", events + "/result")
                .contentType(ContentType.JSON).body(Map.of("success", true, "accountIdentifier", "forged"))
                .post(client.url(events + "/result")).then().statusCode(403);
    }

    @Test
    void anInteractiveOrderCompletesOnlyWhenTheVendorsSignedReturnUrlVerifies() throws Exception {
        // a second product of the same vendor, interactive: the user's browser is sent to the vendor
        JsonPath product = client.signed("POST", "/api/marketplace/v1/products").contentType(ContentType.JSON)
                .body(Map.of("name", "SDK Interactive", "description", "Set up in the browser", "vendorName", "SDK Vendor Inc",
                        "editions", List.of(edition("BASIC", true))))
                .post(client.url("/api/marketplace/v1/products")).then().statusCode(201).extract().jsonPath();
        long interactiveProduct = product.getLong("id");
        String key = product.getString("integration.consumerKey");
        String secret = product.getString("integration.consumerSecret");
        vendor.trust(key, secret);
        String integration = "/api/marketplace/v1/products/" + interactiveProduct + "/integration";
        client.signed("PUT", integration).contentType(ContentType.JSON)
                .body(Map.of("interactive", true, "eventUrls", Map.of("SUBSCRIPTION_ORDER", vendor.eventUrlTemplate(),
                        "SUBSCRIPTION_CANCEL", vendor.eventUrlTemplate())))
                .put(client.url(integration)).then().statusCode(200);

        JsonPath ordered = client.signed("POST", subscriptionsPath()).contentType(ContentType.JSON)
                .body(Map.of("productId", interactiveProduct, "editionId", product.getLong("editions[0].id"),
                        "company", Map.of("name", "Buyer Inc", "country", "US"),
                        "user", Map.of("email", "bea@e2e.example", "firstName", "Bea")))
                .post(client.url(subscriptionsPath())).then().statusCode(201)
                .body("status", equalTo("PENDING_REMOTE_CREATION")).extract().jsonPath();
        String subscription = ordered.getString("id");
        String redirect = ordered.getString("redirectUrl");
        assertTrue(redirect.startsWith(vendor.eventUrlTemplate().replace("{eventUrl}", "")), redirect);
        assertTrue(redirect.contains("oauth_signature=") && redirect.contains("oauth_consumer_key=" + key), redirect);
        String eventUrl = java.net.URLDecoder.decode(redirect.replaceAll(".*[?&]eventUrl=([^&]+).*", "$1"),
                java.nio.charset.StandardCharsets.UTF_8);
        String returnUrl = eventUrl + "/return?success=true&accountIdentifier=acct-browser-1";
        String signed = new dev.marketplace.testkit.SignpostSigner(key, secret).signedUrl("GET", returnUrl);

        io.restassured.RestAssured.given().urlEncodingEnabled(false).get(returnUrl).then().statusCode(403);
        io.restassured.RestAssured.given().urlEncodingEnabled(false)
                .get(signed.replace("acct-browser-1", "acct-stolen-1")).then().statusCode(403);
        String notTheVendor = new dev.marketplace.testkit.SignpostSigner(DevStack.CONSUMER_KEY, DevStack.CONSUMER_SECRET)
                .signedUrl("GET", returnUrl);
        io.restassured.RestAssured.given().urlEncodingEnabled(false).get(notTheVendor).then().statusCode(403);
        String path = "/api/billing/v1/subscriptions/" + subscription;
        client.signed("GET", path).get(client.url(path)).then().statusCode(200)
                .body("status", equalTo("PENDING_REMOTE_CREATION"));

        io.restassured.RestAssured.given().urlEncodingEnabled(false).get(signed).then().statusCode(200);
        JsonPath active = awaitStatus(subscription, "ACTIVE", Duration.ofSeconds(60));
        assertEquals("acct-browser-1", active.getString("accountIdentifier"));
    }

    private static String subscriptionsPath() {
        return "/api/billing/v1/companies/" + companyUuid + "/users/" + userUuid + "/subscriptions";
    }

    static String order(String editionCode) {
        return client.signed("POST", subscriptionsPath()).contentType(ContentType.JSON)
                .body(Map.of("productId", productId, "editionId", editions.get(editionCode),
                        "items", List.of(Map.of("unit", "USER", "quantity", 5)),
                        "company", Map.of("name", "Buyer Inc", "country", "US"),
                        "user", Map.of("email", "bea@e2e.example", "firstName", "Bea", "lastName", "Buyer")))
                .post(client.url(subscriptionsPath())).then().statusCode(201)
                .body("status", startsWith("PENDING_REMOTE_CREATION")).extract().path("id");
    }

    static JsonPath awaitStatus(String subscription, String status, Duration timeout) {
        return awaitStatus(subscription, status, timeout, client);
    }

    /** Until the subscription, read with {@code client} (its marketplace's consumer), has {@code status}. */
    static JsonPath awaitStatus(String subscription, String status, Duration timeout, GatewayClient client) {
        String path = "/api/billing/v1/subscriptions/" + subscription;
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            JsonPath current = client.signed("GET", path).get(client.url(path)).then().statusCode(200).extract().jsonPath();
            if (status.equals(current.getString("status"))) {
                return current;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("subscription " + subscription + " is " + current.getString("status")
                        + ", not " + status + ", after " + timeout + ": " + current.prettify());
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
