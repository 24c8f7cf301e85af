package dev.marketplace.billing.invoice;

import static dev.marketplace.billing.BillingFixtures.activate;
import static dev.marketplace.billing.BillingFixtures.as;
import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.buyer;
import static dev.marketplace.billing.BillingFixtures.invoicesOfOrder;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.order;
import static dev.marketplace.billing.BillingFixtures.race;
import static dev.marketplace.billing.BillingFixtures.sql;
import static dev.marketplace.billing.BillingFixtures.vendor;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.billing.FakeAccount;
import dev.marketplace.billing.FakeCatalog;
import dev.marketplace.billing.subscription.service.RecurringInvoicing;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.DomainEvents;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

@QuarkusTest
class InvoiceApiTest {
    @Inject
    RecurringInvoicing recurring;

    private final String partner = newPartner();
    private final UUID company = UUID.randomUUID();
    private final UUID user = UUID.randomUUID();

    private Map<String, Object> monthly(FakeCatalog.Product product, int users) {
        Map<String, Object> body = new HashMap<>(order(product, users));
        body.put("paymentPlanId", product.monthlyPlanId());
        return body;
    }

    private JsonPath ordered(Map<String, Object> body) {
        return asPartner(partner).body(body).post(buyer(partner, company, user)).then().statusCode(201).extract().jsonPath();
    }

    @Test
    void anOrderThatTurnsActiveIsInvoicedPlanPriceTimesQuantityWithTheBuyersEmail() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        JsonPath order = ordered(monthly(product, 5));
        String id = order.getString("id");
        long orderId = order.getLong("orderId");
        assertTrue(invoicesOfOrder(partner, orderId).isEmpty(), "no invoice while the vendor has not created the account");
        activate(partner, id, "acct-inv-1");

        List<Integer> numbers = invoicesOfOrder(partner, orderId);
        assertEquals(List.of(1), numbers, "the first invoice of the marketplace is number 1");
        JsonPath invoice = asPartner(partner).get("/api/billing/v1/invoices/1").then().statusCode(200)
                .body("invoiceId", equalTo(1)).body("status", equalTo("UNPAID")).body("currency", equalTo("USD"))
                .body("total", equalTo(50.0f)).body("orderIds", equalTo(List.of(Long.toString(orderId))))
                .body("company.id", equalTo(company.toString())).body("user.id", equalTo(user.toString()))
                .body("invoiceLines", hasSize(1)).body("invoiceLines[0].type", equalTo("ITEM"))
                .body("invoiceLines[0].pricingUnit", equalTo("USER")).body("invoiceLines[0].quantity", equalTo(5))
                .body("invoiceLines[0].price", equalTo(10)).body("invoiceLines[0].total", equalTo(50.0f))
                .body("invoiceLines[0].productId", equalTo((int) product.id()))
                .body("invoiceLines[0].paymentPlanId", equalTo((int) product.monthlyPlanId()))
                .body("delegatedToInvoice", nullValue()).body("links[2].rel", equalTo("self"))
                .body("links[2].href", equalTo("http://localhost:8080/api/billing/v1/invoices/1"))
                .extract().jsonPath();
        assertTrue(invoice.getLong("dueDate") > invoice.getLong("creationDate"));
        // the raw JSON carries the currency's two decimals
        assertTrue(asPartner(partner).get("/api/billing/v1/invoices/1").asString().contains("\"total\":50.00"));

        JsonNode created = DomainEvents.await(e -> "INVOICE_CREATED".equals(e.path("type").asText())
                && partner.equals(e.path("partner").asText()), Duration.ofSeconds(30));
        JsonNode mail = created.path("payload").path("notifications").path(0);
        assertEquals("INVOICE", mail.path("type").asText());
        assertEquals("ann@acme.example", mail.path("recipients").path(0).asText());
        assertEquals("fr_CA", mail.path("locale").asText());
        assertEquals("Acme", mail.path("parameters").path("companyName").asText());
        assertEquals(1, mail.path("parameters").path("invoiceNumber").asInt());
        assertEquals("50.00", mail.path("parameters").path("amount").asText());
        assertEquals("USD", mail.path("parameters").path("currency").asText());
        assertEquals(LocalDate.ofInstant(Instant.ofEpochMilli(invoice.getLong("dueDate")), ZoneOffset.UTC).toString(),
                mail.path("parameters").path("dueDate").asText());

        // numbers are sequential per marketplace: the next order is invoice 2, another marketplace starts at 1
        String second = ordered(monthly(product, 2)).getString("id");
        activate(partner, second, "acct-inv-2");
        asPartner(partner).get("/api/billing/v1/invoices/2").then().statusCode(200).body("total", equalTo(20.0f));
        String other = newPartner();
        FakeCatalog.Product theirs = FakeCatalog.register(other, false, true);
        UUID theirCompany = UUID.randomUUID();
        String theirs1 = asPartner(other).body(order(theirs, 1)).post(buyer(other, theirCompany, UUID.randomUUID())).then()
                .statusCode(201).extract().path("id");
        activate(other, theirs1, "acct-other");
        asPartner(other).get("/api/billing/v1/invoices/1").then().statusCode(200).body("company.id", equalTo(theirCompany.toString()));
        asPartner(other).get("/api/billing/v1/invoices/2").then().statusCode(404);
    }

    @Test
    void ordersArePricedInTheirCurrencyWithItsDigits() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        Map<String, Object> eur = monthly(product, 5);
        eur.put("currency", "EUR");
        JsonPath order = ordered(eur);
        activate(partner, order.getString("id"), "acct-eur");
        int number = invoicesOfOrder(partner, order.getLong("orderId")).get(0);
        asPartner(partner).get("/api/billing/v1/invoices/" + number).then().body("currency", equalTo("EUR"))
                .body("total", equalTo(47.5f)).body("invoiceLines[0].price", equalTo(9.5f));
        Map<String, Object> yen = monthly(product, 5);
        yen.put("currency", "JPY");
        asPartner(partner).body(yen).post(buyer(partner, company, user)).then().statusCode(400)
                .body("message", containsString("currency: the plan has no price of USER in JPY"));
        yen.put("currency", "XXX");
        asPartner(partner).body(yen).post(buyer(partner, company, user)).then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", containsString("currency: must be one of USD"));
    }

    @Test
    void listingsFilterSortPageAndCountWithEachDefault() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        UUID reseller = UUID.randomUUID();
        FakeAccount.buyer(partner, company, user);
        FakeAccount.member(company, reseller, true, "ROLE_RESELLER");
        List<Integer> quantities = List.of(3, 1, 2);
        for (int q : quantities) {
            activate(partner, ordered(monthly(product, q)).getString("id"), "acct-l-" + q);
        }
        String bought = asPartner(partner).body(monthly(product, 4)).post(buyer(partner, company, reseller)).then().statusCode(201)
                .extract().path("id");
        activate(partner, bought, "acct-l-r");

        String userList = "/api/billing/v1/companies/" + company + "/users/" + user + "/invoices";
        asPartner(partner).get(userList).then().statusCode(200).header("X-Total-Count", "3").body("$", hasSize(3))
                .body("[0].invoiceId", equalTo(1)).body("[0].total", equalTo(30.0f)); // INVOICE_ID ascending
        asPartner(partner).get("/api/billing/v1/companies/" + company + "/invoices").then().statusCode(200)
                .header("X-Total-Count", "4").body("[0].invoiceId", equalTo(4)); // descending by default
        asPartner(partner).get("/api/billing/v1/invoices").then().statusCode(200).header("X-Total-Count", "4")
                .body("[0].invoiceId", equalTo(1)).body("[0].links[2].rel", equalTo("self"));
        asPartner(partner).get(userList + "?sortField=TOTAL").then().body("[0].total", equalTo(10.0f))
                .body("[2].total", equalTo(30.0f));
        asPartner(partner).get(userList + "?sortField=TOTAL&sortOrder=DESC&start=1&count=1").then()
                .header("X-Total-Count", "3").body("$", hasSize(1)).body("[0].total", equalTo(20.0f));
        asPartner(partner).get(userList + "?sortField=DATE&sortOrder=DESC").then().body("[0].invoiceId", equalTo(3));
        asPartner(partner).get("/api/billing/v1/invoices?buyerRole=RESELLER").then().header("X-Total-Count", "1")
                .body("[0].user.id", equalTo(reseller.toString()));
        asPartner(partner).get("/api/billing/v1/invoices?buyerRole=CUSTOMER").then().header("X-Total-Count", "3");
        asPartner(partner).get("/api/billing/v1/invoices?buyerRole=ALL").then().header("X-Total-Count", "4");
        asPartner(partner).get("/api/billing/v1/invoices?status=PAID").then().header("X-Total-Count", "0");
        asPartner(partner).get("/api/billing/v1/invoices?status=UNPAID&excludeFree=true").then().header("X-Total-Count", "4");
        long now = System.currentTimeMillis();
        asPartner(partner).get("/api/billing/v1/invoices?fromDate=" + (now + 60_000)).then().header("X-Total-Count", "0");
        asPartner(partner).get("/api/billing/v1/invoices?fromDate=" + (now - 600_000) + "&toDate=" + (now + 60_000)).then()
                .header("X-Total-Count", "4");
        asPartner(partner).get("/api/billing/v1/invoices?toDate=2001-01-01").then().header("X-Total-Count", "0");

        for (String bad : List.of("status=OPEN", "sortField=AMOUNT", "sortOrder=UP", "count=0", "start=-1", "excludeFree=maybe",
                "fromDate=yesterday", "buyerRole=ADMIN")) {
            asPartner(partner).get("/api/billing/v1/invoices?" + bad).then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                    .body("message", containsString(bad.substring(0, bad.indexOf('='))));
        }
        asPartner(partner).get("/api/billing/v1/invoices/abc").then().statusCode(400).body("message", containsString("invoiceNumber"));
        asPartner(partner).get("/api/billing/v1/invoices/999").then().statusCode(404);
    }

    @Test
    void usersSeeTheirOwnInvoicesAdministratorsTheirCompanysAndTheChannelAll() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        UUID admin = UUID.randomUUID();
        UUID colleague = UUID.randomUUID();
        FakeAccount.buyer(partner, company, user);
        FakeAccount.member(company, admin, true, "ROLE_SYS_ADMIN");
        FakeAccount.member(company, colleague, true, "ROLE_USER");
        activate(partner, ordered(monthly(product, 1)).getString("id"), "acct-t");
        String userList = "/api/billing/v1/companies/" + company + "/users/" + user + "/invoices";
        String companyList = "/api/billing/v1/companies/" + company + "/invoices";
        String own = InternalTokens.bearerAsUser(partner, user, Roles.USER);
        String adminToken = InternalTokens.bearerAsUser(partner, admin, Roles.USER);
        String colleagueToken = InternalTokens.bearerAsUser(partner, colleague, Roles.USER);

        as(own).get(userList).then().statusCode(200).header("X-Total-Count", "1");
        as(own).get("/api/billing/v1/invoices/1").then().statusCode(200);
        as(own).get(companyList).then().statusCode(403);
        as(own).get("/api/billing/v1/invoices").then().statusCode(403);
        as(adminToken).get(companyList).then().statusCode(200).header("X-Total-Count", "1");
        as(adminToken).get(userList).then().statusCode(200);
        as(adminToken).get("/api/billing/v1/invoices/1").then().statusCode(200);
        as(colleagueToken).get(userList).then().statusCode(403).body("code", equalTo("FORBIDDEN"));
        as(colleagueToken).get(companyList).then().statusCode(403);
        as(colleagueToken).get("/api/billing/v1/invoices/1").then().statusCode(403);
        as(InternalTokens.bearer(partner, Roles.PARTNER_READ)).get("/api/billing/v1/invoices").then().statusCode(200);
        as(InternalTokens.bearer(partner, Roles.PARTNER_READ)).get("/api/billing/v1/invoices/1").then().statusCode(200);
        as(vendor(partner, product.id())).get("/api/billing/v1/invoices/1").then().statusCode(403);
        as(vendor(partner, product.id())).get(companyList).then().statusCode(403);
        // another marketplace sees nothing of it: neither the invoice number nor the company is found
        // (UnknownCompanyTest.anotherMarketplacesCompanyIsAsUnknownAsAMissingOne)
        String foreign = InternalTokens.bearer(newPartner(), Roles.PARTNER);
        as(foreign).get("/api/billing/v1/invoices/1").then().statusCode(404);
        as(foreign).get(companyList).then().statusCode(404).body("code", equalTo("NOT_FOUND"));
        as(foreign).get(userList).then().statusCode(404).body("code", equalTo("NOT_FOUND"));
        io.restassured.RestAssured.given().get(companyList).then().statusCode(403);

        // a company that passed is remembered (it never changes marketplace): the channel's next reads of its list do
        // not ask account-service again, while another marketplace is still not found every time
        String channel = InternalTokens.bearer(partner, Roles.PARTNER_READ);
        as(channel).get(companyList).then().statusCode(200).header("X-Total-Count", "1");
        int asked = FakeAccount.REQUESTS.get();
        as(channel).get(companyList).then().statusCode(200).header("X-Total-Count", "1");
        as(channel).get(companyList + "?status=PAID").then().statusCode(200);
        assertEquals(asked, FakeAccount.REQUESTS.get(), "the company's tenancy was remembered");
        as(foreign).get(companyList).then().statusCode(404).body("code", equalTo("NOT_FOUND"));
        assertTrue(FakeAccount.REQUESTS.get() > asked, "a refusal is not remembered");
    }

    @Test
    void onlyVoidingIsAcceptedAndOnlyFromTheChannel() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        JsonPath order = ordered(monthly(product, 1));
        activate(partner, order.getString("id"), "acct-v");
        int number = invoicesOfOrder(partner, order.getLong("orderId")).get(0);
        String path = "/api/billing/v1/invoices/" + number;
        asPartner(partner).body(Map.of("status", "PAID")).patch(path).then().statusCode(400)
                .body("message", equalTo("status: must be VOIDED: invoices can only be voided here"));
        asPartner(partner).body(Map.of()).patch(path).then().statusCode(400).body("message", containsString("status"));
        asPartner(partner).body(Map.of("status", "GONE")).patch(path).then().statusCode(400).body("message", containsString("status"));
        as(InternalTokens.bearer(partner, Roles.PARTNER_READ)).body(Map.of("status", "VOIDED")).patch(path).then().statusCode(403);
        as(InternalTokens.bearerAsUser(partner, user, Roles.USER)).body(Map.of("status", "VOIDED")).patch(path).then()
                .statusCode(403);
        asPartner(partner).get(path).then().body("status", equalTo("UNPAID"));
        // a client may send the invoice back as it read it, status changed
        Map<String, Object> read = asPartner(partner).get(path).then().extract().jsonPath().getMap("$");
        read.put("status", "VOIDED");
        asPartner(partner).body(read).patch(path).then().statusCode(200).body("status", equalTo("VOIDED"));
        asPartner(partner).body(Map.of("status", "VOIDED")).patch("/api/billing/v1/invoices/99999").then().statusCode(404);
        asPartner(partner).body(dev.marketplace.billing.BillingFixtures.BY_CARD)
                .post(path + "/payments").then().statusCode(409).body("code", equalTo("INVOICE_NOT_PAYABLE"));
    }

    @Test
    void recurringPlansAreInvoicedOnTheBillingDayCarryingWhatIsUnpaidOncePerPeriodAcrossReplicas() throws Exception {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        FakeAccount.company(partner, company, c -> c.put("billingDayOfMonth", 15));
        FakeAccount.member(company, user, true);
        Map<String, Object> discount = new HashMap<>(Map.of("code", "FIRSTMONTH", "description", "First month half price",
                "type", "PERCENTAGE", "percentage", 50, "billingCycles", 1, "applicationId", product.id()));
        asPartner(partner).body(discount).post("/api/channel/v1/discounts").then().statusCode(201);
        JsonPath order = asPartner(partner).body(monthly(product, 2)).post(buyer(partner, company, user)).then().statusCode(201)
                .extract().jsonPath();
        String id = order.getString("id");
        activate(partner, id, "acct-r");
        int first = invoicesOfOrder(partner, order.getLong("orderId")).get(0);
        JsonPath firstInvoice = asPartner(partner).get("/api/billing/v1/invoices/" + first).then()
                .body("total", equalTo(10.0f)).body("invoiceLines[1].type", equalTo("DISCOUNT"))
                .body("invoiceLines[1].total", equalTo(-10.0f)).body("invoiceLines[1].percentage", equalTo(50))
                .extract().jsonPath();
        // the period ends on the company's billing day, next month
        LocalDate periodEnd = LocalDate.ofInstant(Instant.ofEpochMilli(firstInvoice.getLong("periodEnd")), ZoneOffset.UTC);
        assertEquals(15, periodEnd.getDayOfMonth());
        assertEquals(LocalDate.now(ZoneOffset.UTC).plusMonths(1).getMonth(), periodEnd.getMonth());

        // the billing date comes: two replicas run the job at once
        sql("update subscription set next_invoice_on = current_date where id = ?", UUID.fromString(id));
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        List<Integer> runs = race(2, i -> runJob(today));
        assertTrue(runs.get(0) + runs.get(1) >= 1, "the subscription was invoiced");
        List<Integer> numbers = invoicesOfOrder(partner, order.getLong("orderId"));
        assertEquals(2, numbers.size(), "one invoice per period, whichever replica made it: " + numbers);
        int second = numbers.get(1);
        // the first invoice was unpaid: it is carried into the second, which charges the full price (one discounted cycle)
        asPartner(partner).get("/api/billing/v1/invoices/" + first).then().body("status", equalTo("CARRIED"))
                .body("delegatedToInvoice.id", equalTo(Integer.toString(second)));
        asPartner(partner).get("/api/billing/v1/invoices/" + second).then().body("status", equalTo("UNPAID"))
                .body("total", equalTo(30.0f)).body("invoiceLines", hasSize(2))
                .body("invoiceLines[0].total", equalTo(20.0f)).body("invoiceLines[1].type", equalTo("DELEGATED_INVOICE"))
                .body("invoiceLines[1].total", equalTo(10.0f)).body("includedInvoices[0].id", equalTo(Integer.toString(first)));
        assertEquals(LocalDate.now(ZoneOffset.UTC).plusMonths(1).withDayOfMonth(15).toString(),
                asString(sql("select extract(epoch from next_invoice_on)::bigint from subscription where id = ?", UUID.fromString(id))));
        assertTrue(sql("select count(*) from invoice where subscription_id = ?", UUID.fromString(id)) == 2);
        // nothing is due any more
        assertEquals(0, runJob(today));
        asPartner(partner).get("/api/billing/v1/companies/" + company + "/invoices").then().body("$.size()", greaterThan(1));
    }

    /** The recurring job, as its scheduler runs it: on a Vert.x context. */
    private int runJob(LocalDate today) {
        try {
            return io.quarkus.vertx.VertxContextSupport.subscribeAndAwait(() -> recurring.invoiceDue(today));
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    private static String asString(long epochSeconds) {
        return LocalDate.ofInstant(Instant.ofEpochSecond(epochSeconds), ZoneOffset.UTC).toString();
    }
}
