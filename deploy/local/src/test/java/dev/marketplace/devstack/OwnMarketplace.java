package dev.marketplace.devstack;

import java.time.Duration;
import java.time.YearMonth;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * A marketplace of a test's own, created through the marketplaces API with its channel consumer, and a product of the
 * SDK vendor app in it: a test that moves billing's test clock moves only this marketplace's.
 */
final class OwnMarketplace {
    /** A buyer: the company, its first user, their email and names. */
    record Customer(String company, String user, String email, String companyName, String firstName) {
    }

    final GatewayClient client;
    final String run = UUID.randomUUID().toString().substring(0, 8);
    final String productName = "Compta " + run;
    JsonPath product;

    private OwnMarketplace(GatewayClient client) {
        this.client = client;
    }

    static OwnMarketplace create(String partner) throws Exception {
        DevStack stack = Suite.stack();
        DevStack.Credential consumer = stack.createChannelConsumer(partner, "ROLE_PARTNER", "ROLE_CHANNEL_ADMIN",
                "ROLE_SUPER_SUPPORT");
        OwnMarketplace market = new OwnMarketplace(new GatewayClient(stack.gatewayUrl(), consumer.key(), consumer.secret()));
        market.product = market.product(market.productName, false);
        return market;
    }

    JsonPath product(String name, boolean interactive) throws Exception {
        JsonPath created = BillingSteps.sdkProduct(client, VendorApp.get(), Map.of("name", name,
                "description", "Bookkeeping", "vendorName", "SDK Vendor Inc",
                "editions", List.of(Map.of("code", "BASIC", "name", "Basique", "rank", 1, "primary", true,
                        "revenueType", "RECURRING", "plans", List.of(Map.of("frequency", "MONTHLY", "costs", List.of(
                                Map.of("unit", "USER", "minUnits", 1, "maxUnits", 100, "amount", Map.of("USD", 10)))))))),
                "SUBSCRIPTION_ORDER", "SUBSCRIPTION_CANCEL", "SUBSCRIPTION_CHANGE", "SUBSCRIPTION_NOTICE");
        if (interactive) {
            String integration = "/api/marketplace/v1/products/" + created.getLong("id") + "/integration";
            String template = VendorApp.get().eventUrlTemplate();
            client.signed("PUT", integration).contentType(ContentType.JSON)
                    .body(Map.of("interactive", true, "eventUrls", Map.of("SUBSCRIPTION_ORDER", template)))
                    .put(client.url(integration)).then().statusCode(200);
        }
        return created;
    }

    Customer customer(String companyName, String firstName) {
        String name = companyName + " " + run;
        String email = firstName.toLowerCase().replaceAll("[^a-z]", "") + "-" + UUID.randomUUID().toString().substring(0, 8)
                + "@own.e2e.example";
        BillingSteps.Buyer buyer = BillingSteps.company(client, name, "own-" + UUID.randomUUID(), email, firstName, "Martin");
        return new Customer(buyer.companyUuid(), buyer.userUuid(), email, name, firstName);
    }

    String order(Customer c, String locale) {
        return order(c, locale, Map.of(), product);
    }

    String order(Customer c, String locale, Map<String, Object> extra) {
        return order(c, locale, extra, product);
    }

    String order(Customer c, String locale, Map<String, Object> extra, JsonPath of) {
        String orders = "/api/billing/v1/companies/" + c.company() + "/users/" + c.user() + "/subscriptions";
        Map<String, Object> body = new HashMap<>(Map.of("productId", of.getLong("id"), "editionId", of.getLong("editions[0].id"),
                "items", List.of(Map.of("unit", "USER", "quantity", 2)),
                "company", Map.of("name", c.companyName(), "country", "FR"),
                "user", Map.of("email", c.email(), "firstName", c.firstName(), "lastName", "Martin", "locale", locale)));
        body.putAll(extra);
        String subscription = client.signed("POST", orders).contentType(ContentType.JSON).body(body)
                .post(client.url(orders)).then().statusCode(201).extract().path("id");
        if (of == product) {
            VendorEndToEndTest.awaitStatus(subscription, "ACTIVE", Duration.ofSeconds(90), client);
        }
        return subscription;
    }

    long orderId(String subscription) {
        String path = "/api/billing/v1/subscriptions/" + subscription;
        return client.signed("GET", path).get(client.url(path)).then().statusCode(200).extract().jsonPath().getLong("orderId");
    }

    void card(Customer c, String number, YearMonth expiry, boolean isDefault) {
        String token = RestAssured.given().baseUri(Suite.stack().payments().url()).contentType(ContentType.JSON)
                .body(Map.of("card", Map.of("number", number, "expirationMonth", expiry.getMonthValue(),
                        "expirationYear", expiry.getYear())))
                .post("/v1/tokens").then().statusCode(200).extract().path("id");
        String cards = "/api/billing/v1/companies/" + c.company() + "/users/" + c.user() + "/paymentMethods";
        client.signed("POST", cards).contentType(ContentType.JSON).body(Map.of("token", token, "default", isDefault))
                .post(client.url(cards)).then().statusCode(201);
    }

    void advance(String by) {
        client.signed("POST", "/api/billing/v1/testClock/advance").contentType(ContentType.JSON).body(Map.of("by", by))
                .post(client.url("/api/billing/v1/testClock/advance")).then().statusCode(200);
    }
}
