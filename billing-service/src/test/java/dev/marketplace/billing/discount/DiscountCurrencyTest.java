package dev.marketplace.billing.discount;

import static dev.marketplace.billing.BillingFixtures.activate;
import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.buyer;
import static dev.marketplace.billing.BillingFixtures.invoicesOfOrder;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.order;
import static dev.marketplace.billing.BillingFixtures.sql;
import static dev.marketplace.billing.BillingFixtures.with;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.FakeCatalog;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.ValidatableResponse;

/**
 * A FIXED_PRICE or FLAT discount is an amount in a currency and applies to orders in that currency only, through the
 * API: discounts created by the channel, orders placed by buyers, the first invoice of each order read back (README,
 * "Discounts"). The product sells a USER at 10 USD or 1500 JPY.
 */
@QuarkusTest
class DiscountCurrencyTest {
    private static final String DISCOUNTS = "/api/channel/v1/discounts";
    private final String partner = newPartner();

    private FakeCatalog.Product product() {
        return FakeCatalog.register(partner, false, true, Map.of("USD", new BigDecimal("10"), "JPY", new BigDecimal("1500")));
    }

    private static Map<String, Object> inCurrency(FakeCatalog.Product product, int users, String currency) {
        return with(order(product, users), "currency", currency);
    }

    /** Orders, lets the vendor accept, and answers the order's first invoice. */
    private ValidatableResponse firstInvoice(Map<String, Object> body) {
        JsonPath ordered = asPartner(partner).body(body).post(buyer(partner, UUID.randomUUID(), UUID.randomUUID())).then()
                .statusCode(201).extract().jsonPath();
        activate(partner, ordered.getString("id"), "acct-" + UUID.randomUUID());
        int number = invoicesOfOrder(partner, ordered.getLong("orderId")).get(0);
        return asPartner(partner).get("/api/billing/v1/invoices/" + number).then().statusCode(200);
    }

    private long discount(Map<String, Object> body) {
        return asPartner(partner).body(body).post(DISCOUNTS).then().statusCode(201).extract().jsonPath().getLong("id");
    }

    @Test
    void aYenAmountOffIsTakenOffYenOrdersOnlyAndDollarOrdersPayInFull() {
        FakeCatalog.Product product = product();
        long yenOff = discount(Map.of("description", "1000 yen off", "type", "FIXED_PRICE", "price", 1000, "currency", "JPY",
                "applicationId", product.id()));
        asPartner(partner).get(DISCOUNTS + "/" + yenOff).then().body("currency", equalTo("JPY")).body("price", equalTo(1000))
                .body("autoApply", equalTo(true));

        // 3 users at 10 USD: not 1000 off (nor 30 off: a yen amount is no dollar amount)
        firstInvoice(inCurrency(product, 3, "USD")).body("currency", equalTo("USD")).body("total", equalTo(30.0f))
                .body("invoiceLines", hasSize(1));
        asPartner(partner).get(DISCOUNTS + "/" + yenOff).then().body("redemptions", equalTo(0));

        // 3 users at 1500 JPY: 4500 - 1000, in whole yen (a JSON integer: JPY has no decimals)
        firstInvoice(inCurrency(product, 3, "JPY")).body("currency", equalTo("JPY")).body("total", equalTo(3500))
                .body("invoiceLines", hasSize(2)).body("invoiceLines[0].total", equalTo(4500))
                .body("invoiceLines[1].type", equalTo("DISCOUNT")).body("invoiceLines[1].total", equalTo(-1000));
        asPartner(partner).get(DISCOUNTS + "/" + yenOff).then().body("redemptions", equalTo(1));
    }

    @Test
    void aFlatYenPriceIsTheFinalAmountOfYenOrdersOnly() {
        FakeCatalog.Product product = product();
        long flat = discount(Map.of("description", "Anything for 2000 yen", "type", "FLAT", "discountValue", 2000,
                "currency", "JPY", "applicationId", product.id()));

        firstInvoice(inCurrency(product, 2, "USD")).body("total", equalTo(20.0f)).body("invoiceLines", hasSize(1));
        // the default currency of an order is the marketplace's (USD): not discounted either
        firstInvoice(order(product, 2)).body("currency", equalTo("USD")).body("total", equalTo(20.0f));
        asPartner(partner).get(DISCOUNTS + "/" + flat).then().body("redemptions", equalTo(0));

        firstInvoice(inCurrency(product, 2, "JPY")).body("total", equalTo(2000)).body("invoiceLines[0].total", equalTo(3000))
                .body("invoiceLines[1].total", equalTo(-1000));
        asPartner(partner).get(DISCOUNTS + "/" + flat).then().body("redemptions", equalTo(1));
    }

    @Test
    void aCodeOfAnotherCurrencyIsRefusedNamingTheCodeAndOrdersNothing() {
        FakeCatalog.Product product = product();
        long coded = discount(Map.of("code", "YEN1000", "description", "1000 yen off", "type", "FIXED_PRICE", "price", 1000,
                "currency", "JPY", "autoApply", false));
        UUID company = UUID.randomUUID();
        asPartner(partner).body(with(inCurrency(product, 3, "USD"), "discountCode", "YEN1000"))
                .post(buyer(partner, company, UUID.randomUUID())).then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD"))
                .body("message", equalTo("discountCode: is for orders in JPY and this order is in USD"));
        assertEquals(0, sql("select count(*) from subscription where company_uuid = ?", company), "a refused order writes nothing");
        asPartner(partner).get(DISCOUNTS + "/" + coded).then().body("redemptions", equalTo(0));

        firstInvoice(with(inCurrency(product, 3, "JPY"), "discountCode", "yen1000")).body("total", equalTo(3500));
        asPartner(partner).get(DISCOUNTS + "/" + coded).then().body("redemptions", equalTo(1));
    }

    @Test
    void anAmountNeedsAKnownCurrencyAndAPercentageTakesNone() {
        Map<String, Object> fixed = new HashMap<>(Map.of("code", "FIXED1", "description", "Five off", "type", "FIXED_PRICE",
                "price", 5));
        refused(fixed, "currency: is required for a FIXED_PRICE discount (the ISO code of its amount, such as USD; it applies "
                + "to orders in it only)");
        refused(with(fixed, "currency", "XXX"), "currency: must be one of USD");
        refused(with(fixed, "currency", "usd"), "currency: must be one of USD");
        Map<String, Object> flat = Map.of("code", "FLAT1", "description", "Flat price", "type", "FLAT", "discountValue", 3);
        refused(flat, "currency: is required for a FLAT discount");
        Map<String, Object> percentage = Map.of("code", "PCT10", "description", "Ten percent", "type", "PERCENTAGE",
                "percentage", 10);
        refused(with(percentage, "currency", "USD"),
                "currency: is only for FIXED_PRICE and FLAT discounts (a percentage applies in any currency)");
        asPartner(partner).get(DISCOUNTS).then().header("X-Total-Count", "0");

        // the answers: an amount's currency, none for a percentage; a client may send back what it read
        long id = discount(with(fixed, "currency", "USD"));
        asPartner(partner).body(percentage).post(DISCOUNTS).then().statusCode(201).body("currency", nullValue());
        Map<String, Object> read = asPartner(partner).get(DISCOUNTS + "/" + id).then().body("currency", equalTo("USD"))
                .extract().jsonPath().getMap("$");
        read.put("currency", "JPY");
        read.put("price", 500);
        asPartner(partner).body(read).put(DISCOUNTS + "/" + id).then().statusCode(200).body("currency", equalTo("JPY"))
                .body("price", equalTo(500));
        read.remove("currency");
        asPartner(partner).body(read).put(DISCOUNTS + "/" + id).then().statusCode(400)
                .body("message", containsString("currency: is required for a FIXED_PRICE discount"));
        asPartner(partner).get(DISCOUNTS + "/" + id).then().body("currency", equalTo("JPY"));
    }

    private void refused(Map<String, Object> body, String message) {
        asPartner(partner).body(body).post(DISCOUNTS).then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                .body("message", containsString(message));
    }
}
