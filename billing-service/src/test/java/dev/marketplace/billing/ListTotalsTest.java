package dev.marketplace.billing;

import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.sql;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;

import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.paging.Total;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The totals rule of every billing list: unfiltered, the exact count (from the list's counter, past the cap too);
 * filtered, exact up to {@link Total#CAP} matches and beyond it the cap, flagged ({@code X-Total-Count-Capped: true} on
 * start/count lists, {@code page.totalElementsCapped} on exchange rates). Starts past the paging limit are refused.
 */
@QuarkusTest
class ListTotalsTest {
    private static final int MANY = Total.CAP + 5;
    private static final String CAPPED = "X-Total-Count-Capped";

    @Test
    void orders() {
        String partner = newPartner();
        UUID company = UUID.randomUUID();
        UUID other = UUID.randomUUID();
        long base = 3_000_000_000L + (long) (Math.random() * 1_000_000_000L);
        ListRows.orders(partner, company, UUID.randomUUID(), MANY, "ACTIVE", base);
        ListRows.orders(partner, other, UUID.randomUUID(), 3, "CANCELLED", base + MANY);
        ListRows.orders(newPartner(), company, UUID.randomUUID(), 2, "ACTIVE", base + MANY + 3);

        asPartner(partner).get("/api/billing/v1/orders?count=2").then().statusCode(200)
                .header("X-Total-Count", String.valueOf(MANY + 3)).header(CAPPED, nullValue()).body("$", hasSize(2));
        asPartner(partner).get("/api/billing/v1/orders?count=2&companyId=" + company).then().statusCode(200)
                .header("X-Total-Count", String.valueOf(MANY)).header(CAPPED, nullValue());
        asPartner(partner).get("/api/billing/v1/orders?count=2&status=ACTIVE").then().statusCode(200)
                .header("X-Total-Count", String.valueOf(Total.CAP)).header(CAPPED, "true").body("$", hasSize(2));
        asPartner(partner).get("/api/billing/v1/orders?status=CANCELLED").then().statusCode(200)
                .header("X-Total-Count", "3").header(CAPPED, nullValue()).body("$", hasSize(3));
        asPartner(partner).get("/api/billing/v1/orders?count=1&start=" + (MANY + 2)).then().statusCode(200)
                .body("$", hasSize(1));
        asPartner(partner).get("/api/billing/v1/orders?start=100001").then().statusCode(400)
                .body("message", containsString("start"));
    }

    @Test
    void invoices() {
        String partner = newPartner();
        UUID company = UUID.randomUUID();
        UUID user = UUID.randomUUID();
        FakeAccount.buyer(partner, company, user);
        ListRows.invoices(partner, company, user, MANY, "PAID", 10, 1);
        ListRows.invoices(partner, company, UUID.randomUUID(), 2, "UNPAID", 0, MANY + 1);
        ListRows.invoices(partner, UUID.randomUUID(), UUID.randomUUID(), 1, "UNPAID", 5, MANY + 3);
        String company_ = "/api/billing/v1/companies/" + company;

        asPartner(partner).get("/api/billing/v1/invoices?count=3").then().statusCode(200)
                .header("X-Total-Count", String.valueOf(MANY + 3)).header(CAPPED, nullValue()).body("$", hasSize(3));
        asPartner(partner).get(company_ + "/invoices?count=3").then().statusCode(200)
                .header("X-Total-Count", String.valueOf(MANY + 2)).header(CAPPED, nullValue());
        asPartner(partner).get(company_ + "/users/" + user + "/invoices?count=3").then().statusCode(200)
                .header("X-Total-Count", String.valueOf(MANY)).header(CAPPED, nullValue());
        asPartner(partner).get("/api/billing/v1/invoices?count=3&status=PAID").then().statusCode(200)
                .header("X-Total-Count", String.valueOf(Total.CAP)).header(CAPPED, "true");
        asPartner(partner).get(company_ + "/invoices?status=UNPAID").then().statusCode(200)
                .header("X-Total-Count", "2").header(CAPPED, nullValue()).body("$", hasSize(2));
        asPartner(partner).get(company_ + "/invoices?status=UNPAID&excludeFree=true").then().statusCode(200)
                .header("X-Total-Count", "0").body("$", hasSize(0));
        // another marketplace guessing the company's id does not find it and counts nothing of it
        asPartner(newPartner()).get(company_ + "/invoices").then().statusCode(404).header("X-Total-Count", nullValue());
        asPartner(partner).get(company_ + "/invoices?start=100001").then().statusCode(400);
    }

    @Test
    void payments() {
        String partner = newPartner();
        ListRows.invoices(partner, UUID.randomUUID(), UUID.randomUUID(), 1, "UNPAID", 10, 1);
        ListRows.payments(partner, 1, MANY, "FAILED");
        ListRows.payments(partner, 1, 1, "SUCCESSFUL");
        String payments = "/api/billing/v1/invoices/1/payments";
        asPartner(partner).get(payments + "?count=2").then().statusCode(200)
                .header("X-Total-Count", String.valueOf(MANY + 1)).header(CAPPED, nullValue()).body("$", hasSize(2));
        asPartner(partner).get(payments + "?count=2&result=FAILED").then().statusCode(200)
                .header("X-Total-Count", String.valueOf(Total.CAP)).header(CAPPED, "true");
        asPartner(partner).get(payments + "?result=SUCCESSFUL").then().statusCode(200)
                .header("X-Total-Count", "1").header(CAPPED, nullValue()).body("$", hasSize(1));
    }

    @Test
    void discounts() {
        String partner = newPartner();
        ListRows.discounts(partner, "MANY", MANY);
        String discounts = "/api/channel/v1/discounts";
        asPartner(partner).get(discounts + "?count=2").then().statusCode(200)
                .header("X-Total-Count", String.valueOf(MANY)).header(CAPPED, nullValue()).body("$", hasSize(2));
        asPartner(partner).get(discounts + "?code=many17").then().statusCode(200)
                .header("X-Total-Count", "1").body("[0].code", equalTo("MANY17"));
        // a deleted discount leaves the list and its total
        long id = sql("select id from discount where partner = ? and code = 'MANY17'", partner);
        asPartner(partner).delete(discounts + "/" + id).then().statusCode(204);
        asPartner(partner).get(discounts + "?count=2").then().statusCode(200)
                .header("X-Total-Count", String.valueOf(MANY - 1));
        asPartner(partner).get(discounts + "?code=many17").then().statusCode(200).header("X-Total-Count", "0");
    }

    @Test
    void exchangeRates() {
        String partner = newPartner();
        ListRows.rates(partner, "EUR", "USD", MANY);
        ListRows.rates(partner, "GBP", "USD", 2);
        String rates = "/api/channel/v1/exchangeRates";
        asPartner(partner).get(rates + "?size=5").then().statusCode(200)
                .body("page.totalElements", equalTo(MANY + 2)).body("page.totalElementsCapped", nullValue())
                .body("content", hasSize(5));
        asPartner(partner).get(rates + "?size=5&baseCurrency=EUR").then().statusCode(200)
                .body("page.totalElements", equalTo(Total.CAP)).body("page.totalElementsCapped", equalTo(true));
        asPartner(partner).get(rates + "?size=5&baseCurrency=GBP").then().statusCode(200)
                .body("page.totalElements", equalTo(2)).body("page.totalElementsCapped", nullValue());
    }
}
