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
 * CLOSED 30 days (the default) after the vendor accepted a cancellation, once.
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

        run(() -> notices.upcomingInvoices(next.minusDays(8)));
        assertEquals(0, notices(id, "UPCOMING_INVOICE"), "eight days ahead is too early");
        run(() -> notices.upcomingInvoices(next.minusDays(7)));
        assertEquals(1, notices(id, "UPCOMING_INVOICE"));
        JsonNode upcoming = notice(id, "UPCOMING_INVOICE");
        assertEquals("billing-service", upcoming.path("creator").path("source").asText());
        JsonNode payload = upcoming.path("payload");
        assertEquals("acct-upcoming", payload.path("account").path("accountIdentifier").asText());
        assertEquals("ACTIVE", payload.path("account").path("status").asText());
        assertEquals("The next invoice is issued on " + next, payload.path("notice").path("message").asText());
        assertFalse(payload.has("notifications"), "the vendor's notice, no email");
        // the days after: the same billing date is not announced again; a suspended subscription is never announced
        run(() -> notices.upcomingInvoices(next.minusDays(3)));
        run(() -> notices.upcomingInvoices(next.minusDays(1)));
        assertEquals(1, notices(id, "UPCOMING_INVOICE"));
        assertEquals(0, notices(suspended, "UPCOMING_INVOICE"));

        // invoiced on its date, the subscription's next date is announced in its turn
        run(() -> recurring.invoiceDue(next));
        LocalDate following = nextInvoiceOn(id);
        assertTrue(following.isAfter(next), following + " after " + next);
        run(() -> notices.upcomingInvoices(following.minusDays(2)));
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

        run(() -> notices.closeCancelled(before.plus(Duration.ofDays(30)).minusSeconds(60)));
        assertEquals(0, notices(id, "CLOSED"), "within the grace period");
        run(() -> notices.closeCancelled(cancelled.plus(Duration.ofDays(30)).plusSeconds(1)));
        assertEquals(1, notices(id, "CLOSED"));
        JsonNode payload = notice(id, "CLOSED").path("payload");
        assertEquals("acct-closing", payload.path("account").path("accountIdentifier").asText());
        assertEquals("CANCELLED", payload.path("account").path("status").asText());
        run(() -> notices.closeCancelled(cancelled.plus(Duration.ofDays(60))));
        assertEquals(1, notices(id, "CLOSED"), "closed once");
        asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().statusCode(200)
                .body("status", org.hamcrest.Matchers.equalTo("CANCELLED"));
    }

    private static <T> T run(Supplier<Uni<T>> work) {
        try {
            return io.quarkus.vertx.VertxContextSupport.subscribeAndAwait(work::get);
        } catch (Throwable e) {
            throw e instanceof RuntimeException r ? r : new IllegalStateException(e);
        }
    }
}
