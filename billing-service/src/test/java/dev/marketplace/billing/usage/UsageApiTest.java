package dev.marketplace.billing.usage;

import static dev.marketplace.billing.BillingFixtures.activate;
import static dev.marketplace.billing.BillingFixtures.as;
import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.buyer;
import static dev.marketplace.billing.BillingFixtures.invoicesOfOrder;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.order;
import static dev.marketplace.billing.BillingFixtures.sql;
import static dev.marketplace.billing.BillingFixtures.vendor;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.FakeCatalog;
import dev.marketplace.billing.subscription.service.RecurringInvoicing;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

@QuarkusTest
class UsageApiTest {
    private static final String USAGE = "/api/integration/v1/billing/usage";
    @Inject
    RecurringInvoicing recurring;

    private final String partner = newPartner();

    private Map<String, Object> report(String id, String account, List<Map<String, Object>> items) {
        return Map.of("id", id, "accountIdentifier", account, "items", items);
    }

    @Test
    void vendorsReportUsagePricedByThePlanOrConvertedAndTheNextInvoiceChargesItOnce() throws Throwable {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        JsonPath order = asPartner(partner).body(order(product, 2)).post(buyer(partner, UUID.randomUUID(), UUID.randomUUID()))
                .then().statusCode(201).extract().jsonPath();
        String subscription = order.getString("id");
        String vendor = vendor(partner, product.id());
        Map<String, Object> calls = Map.of("unit", "API_CALLS", "quantity", 1000);
        // not active yet: no usage
        as(vendor).body(report("r0", "acct-u1", List.of(calls))).post(USAGE).then().statusCode(400)
                .body("message", containsString("accountIdentifier"));
        activate(partner, subscription, "acct-u1");

        long now = System.currentTimeMillis();
        asPartner(partner).body(Map.of("baseCurrency", "EUR", "counterCurrency", "USD", "rate", 1.1, "validFrom", now - 3_600_000))
                .post("/api/channel/v1/exchangeRates").then().statusCode(200);
        asPartner(partner).body(Map.of("baseCurrency", "EUR", "counterCurrency", "USD", "rate", 1.2, "validFrom", now - 60_000))
                .post("/api/channel/v1/exchangeRates").then().statusCode(200);
        asPartner(partner).body(Map.of("baseCurrency", "EUR", "counterCurrency", "USD", "rate", 9, "validFrom", now + 3_600_000))
                .post("/api/channel/v1/exchangeRates").then().statusCode(200);
        String gbp = asPartner(partner).body(Map.of("baseCurrency", "GBP", "counterCurrency", "USD", "rate", 1.3))
                .post("/api/channel/v1/exchangeRates").then().statusCode(200).extract().path("currencyExchangeRateUuid");
        asPartner(partner).body(Map.of("active", false)).patch("/api/channel/v1/exchangeRates/" + gbp).then().statusCode(200);

        Map<String, Object> storage = Map.of("unit", "GIGABYTE", "quantity", 3, "price", 1.5, "currency", "EUR",
                "description", "object storage");
        Map<String, Object> flat = Map.of("unit", "HOUR", "quantity", 2, "price", 1);
        Map<String, Object> body = report("r1", "acct-u1", List.of(calls, storage, flat));
        as(vendor).body(body).post(USAGE).then().statusCode(200).body("success", equalTo(true)).body("id", equalTo("r1"))
                .body("subscriptionId", equalTo(subscription)).body("currency", equalTo("USD"))
                .body("items[0].amount", equalTo(2.0f)).body("items[0].price", equalTo(0.002f))
                // 3 × 1.5 EUR at the rate in force (1.2, not the older 1.1 nor the future 9)
                .body("items[1].amount", equalTo(5.4f)).body("items[1].exchangeRate", equalTo(1.2f))
                .body("items[1].reportedCurrency", equalTo("EUR")).body("items[2].amount", equalTo(2.0f))
                .body("total", equalTo(9.4f));
        as(vendor).body(body).post(USAGE).then().statusCode(200).header("Idempotent-Replayed", "true").body("total", equalTo(9.4f));
        as(vendor).body(report("r1", "acct-u1", List.of(calls))).post(USAGE).then().statusCode(409)
                .body("code", equalTo("DUPLICATE_REPORT")).body("message", containsString("id: usage report r1"));
        assertEquals(3, sql("select count(*) from usage_item where subscription_id = ?", UUID.fromString(subscription)));

        // no rate in force for the currency: refused, nothing recorded
        as(vendor).body(report("r2", "acct-u1", List.of(Map.of("unit", "HOUR", "quantity", 1, "price", 1, "currency", "GBP"))))
                .post(USAGE).then().statusCode(400).body("message", equalTo(
                        "items[0].currency: no active exchange rate from GBP to USD (the subscription's currency)"));
        as(vendor).body(report("r3", "acct-u1", List.of(Map.of("unit", "HOUR", "quantity", 1, "price", 1, "currency", "CAD"))))
                .post(USAGE).then().statusCode(400).body("message", containsString("items[0].currency"));
        as(vendor).body(report("r4", "acct-u1", List.of(Map.of("unit", "GIGABYTE", "quantity", 1)))).post(USAGE).then()
                .statusCode(400).body("message", equalTo("items[0].price: is required: the plan does not price GIGABYTE"));
        as(vendor).body(Map.of("accountIdentifier", "acct-u1", "items", List.of(Map.of("unit", "HOUR", "quantity", 0,
                "currency", "EUR")))).post(USAGE).then().statusCode(400).body("message", containsString("id:"))
                .body("message", containsString("items[0].quantity"));
        as(vendor).body(report("r5", "acct-u1", List.of(Map.of("unit", "HOUR", "quantity", 1, "currency", "EUR")))).post(USAGE)
                .then().statusCode(400).body("message", equalTo("items[0].currency: is only given with a price"));
        as(vendor).body(report("r6", "acct-u1", List.of())).post(USAGE).then().statusCode(400).body("message", containsString("items"));
        assertEquals(3, sql("select count(*) from usage_item where subscription_id = ?", UUID.fromString(subscription)));

        // the next billing date charges the plan and the usage, once
        sql("update subscription set next_invoice_on = current_date where id = ?", UUID.fromString(subscription));
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        io.quarkus.vertx.VertxContextSupport.subscribeAndAwait(() -> recurring.invoiceDue(today));
        List<Integer> numbers = invoicesOfOrder(partner, order.getLong("orderId"));
        assertEquals(2, numbers.size());
        asPartner(partner).get("/api/billing/v1/invoices/" + numbers.get(1)).then().statusCode(200)
                // 2 users × 10 (yearly plan), the three usage lines, and the first invoice carried (20)
                .body("invoiceLines", hasSize(5)).body("invoiceLines[1].description", containsString("Usage: 1000 API_CALLS"))
                .body("invoiceLines[2].total", equalTo(5.4f)).body("total", equalTo(49.4f));
        assertEquals(0, sql("select count(*) from usage_item where subscription_id = ? and invoice_id is null",
                UUID.fromString(subscription)));
    }

    @Test
    void onlyTheProductsVendorReportsForItsAccounts() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        FakeCatalog.Product other = FakeCatalog.register(partner, false, true);
        String subscription = asPartner(partner).body(order(product, 1)).post(buyer(partner, UUID.randomUUID(), UUID.randomUUID()))
                .then().statusCode(201).extract().path("id");
        activate(partner, subscription, "acct-own");
        Map<String, Object> body = report("x1", "acct-own", List.of(Map.of("unit", "HOUR", "quantity", 1, "price", 2)));
        as(vendor(partner, other.id())).body(body).post(USAGE).then().statusCode(400)
                .body("message", containsString("accountIdentifier: no account acct-own of this product"));
        as(vendor(newPartner(), product.id())).body(body).post(USAGE).then().statusCode(400);
        asPartner(partner).body(body).post(USAGE).then().statusCode(403).body("code", equalTo("FORBIDDEN"));
        as(InternalTokens.bearerAsUser(partner, UUID.randomUUID(), Roles.USER)).body(body).post(USAGE).then().statusCode(403);
        io.restassured.RestAssured.given().contentType("application/json").body(body).post(USAGE).then().statusCode(403);
        assertEquals(0, sql("select count(*) from usage_item where subscription_id = ?", UUID.fromString(subscription)));
        as(vendor(partner, product.id())).body(body).post(USAGE).then().statusCode(200).body("total", equalTo(2.0f));
    }
}
