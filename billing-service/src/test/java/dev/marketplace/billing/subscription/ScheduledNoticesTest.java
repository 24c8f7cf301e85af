package dev.marketplace.billing.subscription;

import static dev.marketplace.billing.BillingFixtures.activate;
import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.awaitStatus;
import static dev.marketplace.billing.BillingFixtures.buyer;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.order;
import static dev.marketplace.billing.BillingFixtures.path;
import static dev.marketplace.billing.BillingFixtures.publishResult;
import static dev.marketplace.billing.BillingFixtures.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;
import java.util.function.Supplier;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.billing.FakeCatalog;
import dev.marketplace.billing.subscription.service.RecurringInvoicing;
import dev.marketplace.billing.subscription.service.ScheduledNotices;
import dev.marketplace.testkit.DomainEvents;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;

/**
 * The notices a schedule sends, with the clock moved by handing the job the day or instant it runs at: UPCOMING_INVOICE
 * 7 days (the default) before each recurring invoice, once per billing date and never for a suspended subscription;
 * CLOSED 30 days (the default) after the vendor accepted a cancellation, once. Then the same through the marketplace's
 * test clock ({@code POST /testClock/advance}), which runs them at its billing time, and no other marketplace's.
 */
@QuarkusTest
class ScheduledNoticesTest {
    private final String partner = newPartner();
    private final UUID company = UUID.randomUUID();
    private final UUID user = UUID.randomUUID();

    @Inject
    ScheduledNotices notices;
    @Inject
    RecurringInvoicing recurring;

    private String activeSubscription(FakeCatalog.Product product, String account) {
        String id = asPartner(partner).body(order(product, 3)).post(buyer(partner, company, user)).then().statusCode(201)
                .extract().path("id");
        activate(partner, id, account);
        return id;
    }

    private static long notices(String id, String noticeType) {
        return sql("select count(*) from outbox_event where type = 'SUBSCRIPTION_NOTICE' and aggregate_id = ?"
                + " and envelope::jsonb -> 'payload' -> 'notice' ->> 'type' = ?", id, noticeType);
    }

    private static LocalDate nextInvoiceOn(String id) {
        return LocalDate.ofEpochDay(sql("select next_invoice_on - date '1970-01-01' from subscription where id = ?",
                UUID.fromString(id)));
    }

    private static JsonNode notice(String id, String noticeType) {
        return DomainEvents.await(e -> "SUBSCRIPTION_NOTICE".equals(e.path("type").asText())
                && id.equals(e.path("aggregate").path("id").asText())
                && noticeType.equals(e.path("payload").path("notice").path("type").asText()), Duration.ofSeconds(30));
    }

    @Test
    void theVendorHearsOfEachRecurringInvoiceSevenDaysAheadOnceAndNotWhileSuspended() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        String id = activeSubscription(product, "acct-upcoming");
        String suspended = activeSubscription(product, "acct-upcoming-suspended");
        asPartner(partner).post("/api/billing/v1/subscriptions/" + suspended + "/suspension").then().statusCode(200);
        LocalDate next = nextInvoiceOn(id);
        sql("update subscription set next_invoice_on = ? where id = ?", next, UUID.fromString(suspended));

        run(() -> notices.upcomingInvoices(partner, at(next.minusDays(8))));
        assertEquals(0, notices(id, "UPCOMING_INVOICE"), "eight days ahead is too early");
        run(() -> notices.upcomingInvoices(partner, at(next.minusDays(7))));
        assertEquals(1, notices(id, "UPCOMING_INVOICE"));
        JsonNode upcoming = notice(id, "UPCOMING_INVOICE");
        assertEquals("billing-service", upcoming.path("creator").path("source").asText());
        JsonNode payload = upcoming.path("payload");
        assertEquals("acct-upcoming", payload.path("account").path("accountIdentifier").asText());
        assertEquals("ACTIVE", payload.path("account").path("status").asText());
        assertEquals("The next invoice is issued on " + next, payload.path("notice").path("message").asText());
        assertFalse(payload.has("notifications"), "the vendor's notice, no email");
        // the days after: the same billing date is not announced again; a suspended subscription is never announced
        run(() -> notices.upcomingInvoices(partner, at(next.minusDays(3))));
        run(() -> notices.upcomingInvoices(partner, at(next.minusDays(1))));
        assertEquals(1, notices(id, "UPCOMING_INVOICE"));
        assertEquals(0, notices(suspended, "UPCOMING_INVOICE"));

        // invoiced on its date, the subscription's next date is announced in its turn
        run(() -> recurring.invoiceDue(next));
        LocalDate following = nextInvoiceOn(id);
        assertTrue(following.isAfter(next), following + " after " + next);
        run(() -> notices.upcomingInvoices(partner, at(following.minusDays(2))));
        assertEquals(2, notices(id, "UPCOMING_INVOICE"));
    }

    @Test
    void aCancelledSubscriptionsAccountIsClosedThirtyDaysAfterTheVendorAcceptedTheCancellationOnce() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        String id = activeSubscription(product, "acct-closing");
        asPartner(partner).delete(path(company, user) + "/" + id).then().statusCode(202);
        Instant before = Instant.now();
        publishResult(partner, id, "SUBSCRIPTION_CANCEL", true, null, null, null, null);
        awaitStatus(partner, id, "CANCELLED");
        Instant cancelled = Instant.now();

        run(() -> notices.closeCancelled(partner, before.plus(Duration.ofDays(30)).minusSeconds(60)));
        assertEquals(0, notices(id, "CLOSED"), "within the grace period");
        run(() -> notices.closeCancelled(partner, cancelled.plus(Duration.ofDays(30)).plusSeconds(1)));
        assertEquals(1, notices(id, "CLOSED"));
        JsonNode payload = notice(id, "CLOSED").path("payload");
        assertEquals("acct-closing", payload.path("account").path("accountIdentifier").asText());
        assertEquals("CANCELLED", payload.path("account").path("status").asText());
        run(() -> notices.closeCancelled(partner, cancelled.plus(Duration.ofDays(60))));
        assertEquals(1, notices(id, "CLOSED"), "closed once");
        asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().statusCode(200)
                .body("status", org.hamcrest.Matchers.equalTo("CANCELLED"));
    }

    private static void advance(String partner, long days, String more) {
        asPartner(partner).body(java.util.Map.of("by", "P" + days + "D" + more)).post("/api/billing/v1/testClock/advance")
                .then().statusCode(200);
    }

    /**
     * A monthly subscription of {@code partner}'s {@code product}, ACTIVE, its first invoice paid (so that collection,
     * run by the same clock moves, does not suspend it when the invoice falls due).
     */
    private static String monthly(String partner, FakeCatalog.Product product, String account) {
        var ordered = asPartner(partner).body(dev.marketplace.billing.BillingFixtures.with(order(product, 3), "paymentPlanId",
                product.monthlyPlanId())).post(buyer(partner, UUID.randomUUID(), UUID.randomUUID())).then().statusCode(201)
                .extract().jsonPath();
        String id = ordered.getString("id");
        activate(partner, id, account);
        for (int invoice : dev.marketplace.billing.BillingFixtures.invoicesOfOrder(partner, ordered.getLong("orderId"))) {
            asPartner(partner).body(java.util.Map.of("method", "MANUAL", "transactionId", "wire-" + invoice))
                    .post("/api/billing/v1/invoices/" + invoice + "/payments").then().statusCode(200);
        }
        return id;
    }

    @Test
    void theMarketplacesTestClockSendsUpcomingInvoiceOnceThenClosedAfterTheGracePeriodAndNoOtherMarketplacesClockDoes() {
        String other = newPartner();
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        FakeCatalog.Product theirProduct = FakeCatalog.register(other, false, true);
        String id = monthly(partner, product, "acct-clock");
        String theirs = monthly(other, theirProduct, "acct-their-clock");
        LocalDate today = LocalDate.now(java.time.ZoneOffset.UTC);
        LocalDate next = nextInvoiceOn(id);
        long toNotice = java.time.temporal.ChronoUnit.DAYS.between(today, next) - 6; // about 25 days: 6 days before it

        // the other marketplace's clock reaches its own notice; this marketplace's subscription hears nothing
        advance(other, toNotice, "");
        assertEquals(1, notices(theirs, "UPCOMING_INVOICE"));
        assertEquals(0, notices(id, "UPCOMING_INVOICE"), "another marketplace's clock");

        // eight days before the billing date: too early; six days before: one notice, not sent again the next day
        advance(partner, toNotice - 2, "");
        assertEquals(0, notices(id, "UPCOMING_INVOICE"), "eight days ahead");
        advance(partner, 2, "");
        assertEquals(1, notices(id, "UPCOMING_INVOICE"));
        JsonNode upcoming = notice(id, "UPCOMING_INVOICE").path("payload");
        assertEquals("acct-clock", upcoming.path("account").path("accountIdentifier").asText());
        assertEquals("The next invoice is issued on " + next, upcoming.path("notice").path("message").asText());
        advance(partner, 1, "");
        assertEquals(1, notices(id, "UPCOMING_INVOICE"), "once per billing date");

        // cancelled at this billing time: CLOSED once the grace period (30 days) has passed on this marketplace's clock
        asPartner(partner).delete("/api/billing/v1/subscriptions/" + id).then().statusCode(202);
        publishResult(partner, id, "SUBSCRIPTION_CANCEL", true, null, null, null, null);
        awaitStatus(partner, id, "CANCELLED");
        advance(partner, 29, "T23H");
        assertEquals(0, notices(id, "CLOSED"), "within the grace period");
        advance(other, 60, "");
        assertEquals(0, notices(id, "CLOSED"), "another marketplace's clock");
        advance(partner, 0, "T2H");
        assertEquals(1, notices(id, "CLOSED"));
        JsonNode closed = notice(id, "CLOSED").path("payload");
        assertEquals("CANCELLED", closed.path("account").path("status").asText());
        assertEquals("billing-service", notice(id, "CLOSED").path("creator").path("source").asText());
        advance(partner, 30, "");
        assertEquals(1, notices(id, "CLOSED"), "closed once");
    }

    /** Noon (UTC) of {@code day}: the billing time the job is handed. */
    private static Instant at(LocalDate day) {
        return day.atTime(12, 0).toInstant(java.time.ZoneOffset.UTC);
    }

    private static <T> T run(Supplier<Uni<T>> work) {
        try {
            return io.quarkus.vertx.VertxContextSupport.subscribeAndAwait(work::get);
        } catch (Throwable e) {
            throw e instanceof RuntimeException r ? r : new IllegalStateException(e);
        }
    }
}
