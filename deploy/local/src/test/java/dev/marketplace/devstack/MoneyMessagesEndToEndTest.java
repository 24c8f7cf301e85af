package dev.marketplace.devstack;

import static org.hamcrest.Matchers.equalTo;

import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * Issue 45, billing's messages through the gateway, each seen at the devstack's SMTP server by its template type, with
 * its parameters filled, in the buyer's language (French: the order names fr_FR): an invoice, a payment asked without a
 * card, declined, approved, refunded by a void, an operator's suspension; in a marketplace of its own (so that moving
 * its test clock touches nothing else), dunning that ends in an overdue suspension and a card about to expire; a
 * discount's last redemption told to the channel's discount address; a vendor event parked, told to the operators.
 */
class MoneyMessagesEndToEndTest {
    private static final String DECLINED = "4000000000000002";
    private static final String APPROVED = "4242424242424242";

    @Test
    @Delivers({"INVOICE", "CREDIT_CARD_REQUIRED", "PAYMENT_FAILED", "PAYMENT_SUCCESSFUL", "REFUND", "SUBSCRIPTION_SUSPENDED"})
    void anInvoiceIsAskedForACardDeclinedPaidRefundedAndItsSubscriptionSuspendedInTheBuyersLanguage() throws Exception {
        OwnMarketplace market = OwnMarketplace.create("MONEY_MESSAGES");
        OwnMarketplace.Customer buyer = market.customer("Boulangerie Martin", "Camille");
        String subscription = market.order(buyer, "fr_FR");
        int invoice = BillingSteps.awaitUnpaidInvoice(market.client, buyer.company(), market.orderId(subscription));
        String number = String.valueOf(invoice);
        Messages.email(buyer.email(), "INVOICE").assertRendered("fr", number, "USD", buyer.companyName());

        String payments = "/api/billing/v1/invoices/" + invoice + "/payments";
        Map<String, Object> byCard = Map.of("method", "CREDIT_CARD");
        market.client.signed("POST", payments).contentType(ContentType.JSON).body(byCard).post(market.client.url(payments))
                .then().statusCode(400);
        Messages.email(buyer.email(), "CREDIT_CARD_REQUIRED").assertRendered("fr", number, "USD", "/paymentMethods");

        market.card(buyer, DECLINED, YearMonth.of(2099, 12), true);
        market.client.signed("POST", payments).contentType(ContentType.JSON).body(byCard).post(market.client.url(payments))
                .then().statusCode(200).body("result", equalTo("FAILED")).body("gatewayResponse.code", equalTo("CARD_DECLINED"));
        Messages.email(buyer.email(), "PAYMENT_FAILED").assertRendered("fr", number, "USD");

        market.card(buyer, APPROVED, YearMonth.of(2099, 12), true);
        market.client.signed("POST", payments).contentType(ContentType.JSON).body(byCard).post(market.client.url(payments))
                .then().statusCode(200);
        Messages.email(buyer.email(), "PAYMENT_SUCCESSFUL").assertRendered("fr", number, "USD");

        String one = "/api/billing/v1/invoices/" + invoice;
        market.client.signed("PATCH", one).contentType(ContentType.JSON).body(Map.of("status", "VOIDED"))
                .patch(market.client.url(one)).then().statusCode(200).body("status", equalTo("VOIDED"));
        Messages.email(buyer.email(), "REFUND").assertRendered("fr", number, "USD");

        String suspension = "/api/billing/v1/subscriptions/" + subscription + "/suspension";
        market.client.signed("POST", suspension).post(market.client.url(suspension)).then().statusCode(200)
                .body("status", equalTo("SUSPENDED"));
        Messages.email(buyer.email(), "SUBSCRIPTION_SUSPENDED").assertRendered("fr", "Camille", market.productName);
    }

    @Test
    @Delivers({"SUBSCRIPTION_SUSPENDED_OVERDUE_INVOICE", "EXPIRED_CREDIT_CARD"})
    void dunningEndsInAnOverdueSuspensionAndACardAboutToExpireIsNoticedOnTheMarketplacesClock() throws Exception {
        OwnMarketplace market = OwnMarketplace.create("DUNNING_MESSAGES");
        OwnMarketplace.Customer buyer = market.customer("Fromagerie Petit", "Dominique");
        market.card(buyer, DECLINED, YearMonth.of(2099, 12), true);
        String subscription = market.order(buyer, "fr_FR");
        int invoice = BillingSteps.awaitUnpaidInvoice(market.client, buyer.company(), market.orderId(subscription));

        // past the due date and each retry (1, 3 and 7 days after it): declined every time, then suspended
        for (String step : List.of("P14DT1H", "P1D", "P2D", "P4D")) {
            market.advance(step);
        }
        Messages.emails(buyer.email(), "PAYMENT_FAILED", 4).forEach(m -> m.assertRendered("fr", String.valueOf(invoice)));
        VendorEndToEndTest.awaitStatus(subscription, "SUSPENDED", Duration.ofSeconds(90), market.client);
        Messages.email(buyer.email(), "SUBSCRIPTION_SUSPENDED_OVERDUE_INVOICE").assertRendered("fr", "Dominique",
                market.productName);

        // a card that expires two months after the marketplace's billing time: told 29 days before it expires
        Instant billingNow = Instant.ofEpochMilli(market.client.signed("GET", "/api/billing/v1/testClock")
                .get(market.client.url("/api/billing/v1/testClock")).then().statusCode(200).extract().jsonPath().getLong("now"));
        YearMonth expiry = YearMonth.from(billingNow.atZone(ZoneOffset.UTC)).plusMonths(2);
        market.card(buyer, APPROVED, expiry, false);
        Instant expires = expiry.plusMonths(1).atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        market.advance(Duration.between(billingNow, expires).minus(Duration.ofDays(29)).withNanos(0).toString());
        Messages.email(buyer.email(), "EXPIRED_CREDIT_CARD").assertRendered("fr", "Dominique", "4242",
                String.valueOf(expiry.getYear()));
    }

    @Test
    @Delivers({"DISCOUNT_DEACTIVATED", "MANUAL_EVENT_RESOLUTION"})
    void aDiscountUsedUpAndAParkedVendorEventAreToldToTheirOperators() throws Exception {
        OwnMarketplace market = OwnMarketplace.create("OPERATOR_MESSAGES");
        String code = "LAST" + UUID.randomUUID().toString().substring(0, 6).toUpperCase();
        Map<String, Object> discount = new HashMap<>(Map.of("code", code, "description", "One lucky baker", "type", "PERCENTAGE",
                "percentage", 10, "maxRedemptions", 1, "applicationId", market.product.getLong("id")));
        market.client.signed("POST", "/api/channel/v1/discounts").contentType(ContentType.JSON).body(discount)
                .post(market.client.url("/api/channel/v1/discounts")).then().statusCode(201);
        OwnMarketplace.Customer lucky = market.customer("Pâtisserie Chance", "Lou");
        market.order(lucky, "fr_FR", Map.of("discountCode", code));
        // configured addresses have no locale of their own: the marketplace's default language
        Messages.email("discounts@marketplace.localhost", "DISCOUNT_DEACTIVATED").assertRendered("en", code);

        // an interactive order nobody completes in the browser: parked once its result is overdue
        JsonPath interactive = market.product("Interactif " + market.run, true);
        OwnMarketplace.Customer waiting = market.customer("Épicerie Attente", "Noé");
        String subscription = market.order(waiting, "fr_FR", Map.of(), interactive);
        String parked = "/api/notification/v1/vendor-events?status=PARKED&size=1000";
        long interactiveId = interactive.getLong("id");
        String eventId = Messages.await("the parked order event of " + subscription, () -> market.client.signed("GET", parked)
                .get(market.client.url(parked)).then().statusCode(200).extract().jsonPath().<Map<String, Object>> getList("content")
                .stream().filter(e -> ((Number) e.get("productId")).longValue() == interactiveId)
                .map(e -> String.valueOf(e.get("eventId"))).findFirst().orElse(null));
        Messages.email("operators@marketplace.localhost", "MANUAL_EVENT_RESOLUTION").assertRendered("en", eventId,
                "Interactif " + market.run);
    }
}
