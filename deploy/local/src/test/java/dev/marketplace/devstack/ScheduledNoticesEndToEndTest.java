package dev.marketplace.devstack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.restassured.path.json.JsonPath;

/**
 * Issue 45, the SUBSCRIPTION_NOTICEs a schedule sends, through the gateway to AppDirect's SDK vendor app, in a marketplace
 * of the test's own whose billing clock it moves: a monthly subscription's vendor hears UPCOMING_INVOICE in the week
 * before the next invoice (the SDK's SubscriptionUpcomingInvoice handler runs, the subscription stays ACTIVE), once;
 * after a cancellation's grace period (30 days) it hears CLOSED (the SDK's SubscriptionClosed handler), once, and the
 * subscription stays CANCELLED. Each notice is listed in the event log under SUBSCRIPTION_NOTICE, delivered.
 */
class ScheduledNoticesEndToEndTest {

    @Test
    void theSdkVendorHearsOfTheUpcomingInvoiceAndFinallyOfTheClosedAccount() throws Exception {
        OwnMarketplace market = OwnMarketplace.create("NOTICE_SCHEDULE");
        OwnMarketplace.Customer buyer = market.customer("Librairie Page", "Inès");
        // a card on file: collection pays the first invoice when it falls due (unpaid, it would suspend the subscription)
        market.card(buyer, "4242424242424242", java.time.YearMonth.of(2099, 12), true);
        String subscription = market.order(buyer, "fr_FR");
        String account = VendorEndToEndTest.awaitStatus(subscription, "ACTIVE", Duration.ofSeconds(90), market.client)
                .getString("accountIdentifier");
        VendorApp vendor = VendorApp.get();

        // 25 days on: the next monthly invoice is 3 to 6 days ahead, within the 7-day notice window
        market.advance("P25D");
        awaitVendorLog(vendor, "type=UPCOMING_INVOICE ", "accountIdentifier=" + account + " accountStatus=ACTIVE");
        market.advance("PT1H");
        VendorEndToEndTest.awaitStatus(subscription, "ACTIVE", Duration.ofSeconds(5), market.client);
        assertEquals(1, logged(vendor, "type=UPCOMING_INVOICE ", account), "once per billing date");

        String path = "/api/billing/v1/subscriptions/" + subscription;
        market.client.signed("DELETE", path).delete(market.client.url(path)).then().statusCode(202);
        VendorEndToEndTest.awaitStatus(subscription, "CANCELLED", Duration.ofSeconds(90), market.client);
        market.advance("P29D");
        assertEquals(0, logged(vendor, "type=CLOSED ", account), "not before the grace period ends");
        market.advance("P1DT1H");
        awaitVendorLog(vendor, "type=CLOSED ", "accountIdentifier=" + account + " accountStatus=CANCELLED");
        market.advance("P1D");
        JsonPath after = VendorEndToEndTest.awaitStatus(subscription, "CANCELLED", Duration.ofSeconds(5), market.client);
        assertEquals(subscription, after.getString("id"));
        assertEquals(1, logged(vendor, "type=CLOSED ", account), "once");

        String events = "/api/channel/v1/events?type=SUBSCRIPTION_NOTICE&searchText=" + subscription;
        Messages.await("both notices delivered in the event log", () -> {
            JsonPath page = market.client.signed("GET", events).get(market.client.url(events)).then().statusCode(200)
                    .extract().jsonPath();
            return page.getList("content.vendorStatus").size() == 2
                    && page.getList("content.vendorStatus").stream().allMatch("SUCCEEDED"::equals) ? true : null;
        });
    }

    private static void awaitVendorLog(VendorApp vendor, String type, String part) {
        Messages.await("the SDK vendor's SUBSCRIPTION_NOTICE " + type + part, () -> vendor.log().lines()
                .anyMatch(l -> l.contains("VENDOR SUBSCRIPTION_NOTICE " + type) && l.contains(part)) ? true : null);
    }

    private static long logged(VendorApp vendor, String type, String account) throws Exception {
        return vendor.log().lines().filter(l -> l.contains("VENDOR SUBSCRIPTION_NOTICE " + type)
                && l.contains("accountIdentifier=" + account + " ")).count();
    }
}
