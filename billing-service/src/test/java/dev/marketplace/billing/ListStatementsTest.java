package dev.marketplace.billing;

import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.sql;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.UUID;
import java.util.function.IntConsumer;

import jakarta.inject.Inject;

import org.hibernate.reactive.mutiny.Mutiny;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.persistence.NativeSelects;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Lists read a page in a fixed number of statements (the total, the page's ids, their rows), never one per row: a page
 * of 12 runs exactly as many statements as a page of 2, for every billing list. What a row carries (an order's lines,
 * an invoice's order ids and links) comes with the row itself.
 */
@QuarkusTest
class ListStatementsTest {
    @Inject
    Mutiny.SessionFactory sessions;

    @Test
    void ordersAndTheSubscriptionsOfABuyer() {
        String partner = newPartner();
        UUID company = UUID.randomUUID();
        UUID user = UUID.randomUUID();
        FakeAccount.buyer(partner, company, user);
        ListRows.orders(partner, company, user, 12, "ACTIVE", 5_000_000_000L + (long) (Math.random() * 1_000_000_000L));
        sql("update subscription set items = '[{\"unit\":\"USER\",\"quantity\":3}]' where partner = ?", partner);
        samePerPage(n -> asPartner(partner).get("/api/billing/v1/orders?count=" + n).then().statusCode(200)
                .body("$", hasSize(n)));
        samePerPage(n -> asPartner(partner).get("/api/billing/v1/orders?companyId=" + company + "&count=" + n).then()
                .statusCode(200).body("$", hasSize(n)));
        // the buyer's subscriptions are one unpaged list: 2 of them against 12
        String buyer = "/api/billing/v1/companies/" + company + "/users/" + user + "/subscriptions";
        long twelve = statements(() -> asPartner(partner).get(buyer).then().statusCode(200).body("$", hasSize(12)));
        sql("delete from subscription where partner = ? and order_id not in (select order_id from subscription"
                + " where partner = ? order by order_id limit 2)", partner, partner);
        long two = statements(() -> asPartner(partner).get(buyer).then().statusCode(200).body("$", hasSize(2)));
        assertEquals(two, twelve, "statements per list do not grow with the list");
    }

    @Test
    void invoicesAndPayments() {
        String partner = newPartner();
        UUID company = UUID.randomUUID();
        UUID user = UUID.randomUUID();
        FakeAccount.buyer(partner, company, user);
        ListRows.invoices(partner, company, user, 12, "UNPAID", 10, 1);
        ListRows.payments(partner, 1, 12, "FAILED");
        String companyPath = "/api/billing/v1/companies/" + company;
        for (String list : new String[] { "/api/billing/v1/invoices", companyPath + "/invoices",
                companyPath + "/users/" + user + "/invoices", "/api/billing/v1/invoices/1/payments" }) {
            samePerPage(n -> asPartner(partner).get(list + "?count=" + n).then().statusCode(200).body("$", hasSize(n)));
            samePerPage(n -> asPartner(partner).get(list + "?sortField=DATE&sortOrder=DESC&count=" + n).then()
                    .statusCode(200).body("$", hasSize(n)));
        }
    }

    @Test
    void discountsAndExchangeRates() {
        String partner = newPartner();
        ListRows.discounts(partner, "COUNTED", 12);
        ListRows.rates(partner, "EUR", "USD", 12);
        samePerPage(n -> asPartner(partner).get("/api/channel/v1/discounts?count=" + n).then().statusCode(200)
                .body("$", hasSize(n)));
        samePerPage(n -> asPartner(partner).get("/api/channel/v1/exchangeRates?size=" + n).then().statusCode(200)
                .body("content", hasSize(n)));
    }

    @Test
    void assignmentsOfASubscription() {
        String partner = newPartner();
        ListRows.orders(partner, UUID.randomUUID(), UUID.randomUUID(), 1, "ACTIVE",
                6_000_000_000L + (long) (Math.random() * 1_000_000_000L));
        String subscription = first("select id::text from subscription where partner = '" + partner + "'");
        assign(subscription, 12);
        String path = "/api/billing/v1/subscriptions/" + subscription + "/assignments";
        long twelve = statements(() -> asPartner(partner).get(path).then().statusCode(200).body("$", hasSize(12)));
        sql("delete from subscription_assignment where subscription_id = ?::uuid and id not in (select id from"
                + " subscription_assignment where subscription_id = ?::uuid limit 2)", subscription, subscription);
        long two = statements(() -> asPartner(partner).get(path).then().statusCode(200).body("$", hasSize(2)));
        assertEquals(two, twelve, "statements per list do not grow with the list");
    }

    private static void assign(String subscription, int n) {
        sql("insert into subscription_assignment (id, subscription_id, user_uuid, email, status, created_on, last_modified)"
                + " select gen_random_uuid(), ?::uuid, gen_random_uuid(), 'a' || i || '@x.example', 'ASSIGNED', now(), now()"
                + " from generate_series(1, ?) i", subscription, n);
    }

    private static String first(String query) {
        var config = org.eclipse.microprofile.config.ConfigProvider.getConfig();
        try (var c = java.sql.DriverManager.getConnection(config.getValue("quarkus.datasource.jdbc.url", String.class),
                config.getValue("quarkus.datasource.username", String.class),
                config.getValue("quarkus.datasource.password", String.class));
                var s = c.createStatement(); var rs = s.executeQuery(query)) {
            rs.next();
            return rs.getString(1);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A page of 2 and a page of 12 of the same list run as many statements. */
    private void samePerPage(IntConsumer page) {
        long small = statements(() -> page.accept(2));
        long large = statements(() -> page.accept(12));
        assertTrue(small > 0, "statements are counted");
        assertEquals(small, large, "statements per page do not grow with the page");
    }

    /** Queries, and single entity or collection fetches, Hibernate ran during {@code call}. */
    private long statements(Runnable call) {
        var stats = sessions.getStatistics();
        long before = stats.getQueryExecutionCount() + stats.getEntityFetchCount() + stats.getCollectionFetchCount()
                + NativeSelects.executed();
        call.run();
        return stats.getQueryExecutionCount() + stats.getEntityFetchCount() + stats.getCollectionFetchCount()
                + NativeSelects.executed() - before;
    }
}
