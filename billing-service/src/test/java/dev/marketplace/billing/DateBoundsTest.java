package dev.marketplace.billing;

import static dev.marketplace.billing.BillingFixtures.activate;
import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.buyer;
import static dev.marketplace.billing.BillingFixtures.BY_CARD;
import static dev.marketplace.billing.BillingFixtures.cardOnFile;
import static dev.marketplace.billing.BillingFixtures.invoicesOfOrder;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.order;
import static dev.marketplace.billing.BillingFixtures.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.testkit.DateBounds;
import dev.marketplace.testkit.SandboxPaymentGateway;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

/** {@code fromDate}/{@code toDate} bounded at the millisecond an invoice or a payment shows include it. */
@QuarkusTest
class DateBoundsTest {
    private final String partner = newPartner();
    private final UUID company = UUID.randomUUID();
    private final UUID user = UUID.randomUUID();

    private static String dates(Long from, Long to) {
        return (from == null ? "" : "&fromDate=" + from) + (to == null ? "" : "&toDate=" + to);
    }

    private int invoice() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        JsonPath order = asPartner(partner).body(order(product, 5)).post(buyer(partner, company, user)).then().statusCode(201)
                .extract().jsonPath();
        activate(partner, order.getString("id"), "acct-" + UUID.randomUUID());
        int number = invoicesOfOrder(partner, order.getLong("orderId")).get(0);
        // microseconds within the millisecond the invoice shows, as a clock with microseconds leaves them
        sql("update invoice set creation_date = date_trunc('milliseconds', creation_date) + interval '987 microseconds'"
                + " where partner = ? and invoice_number = ?", partner, (long) number);
        return number;
    }

    @Test
    void invoices() {
        int number = invoice();
        long shown = asPartner(partner).get("/api/billing/v1/invoices/" + number).then().statusCode(200).extract().jsonPath()
                .getLong("creationDate");

        for (String list : List.of("/api/billing/v1/invoices?count=1000", "/api/billing/v1/companies/" + company + "/invoices?count=1000",
                "/api/billing/v1/companies/" + company + "/users/" + user + "/invoices?count=1000")) {
            assertEquals(List.of(), DateBounds.misjudged(shown, (from, to) -> asPartner(partner).get(list + dates(from, to))
                    .then().statusCode(200).extract().jsonPath().getList("invoiceId").contains(number)), list);
        }
    }

    @Test
    void payments() {
        int number = invoice();
        cardOnFile(partner, company, user, SandboxPaymentGateway.APPROVED);
        long payment = asPartner(partner).body(BY_CARD)
                .post("/api/billing/v1/invoices/" + number + "/payments").then().statusCode(200).extract().jsonPath().getLong("id");
        sql("update payment set date = date_trunc('milliseconds', date) + interval '987 microseconds' where id = ?", payment);
        long shown = asPartner(partner).get("/api/billing/v1/payments/" + payment).then().statusCode(200).extract().jsonPath()
                .getLong("date");

        String list = "/api/billing/v1/invoices/" + number + "/payments?count=1000";
        assertEquals(List.of(), DateBounds.misjudged(shown, (from, to) -> asPartner(partner).get(list + dates(from, to))
                .then().statusCode(200).extract().jsonPath().getList("id", Long.class).contains(payment)));
    }
}
