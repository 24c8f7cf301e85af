package dev.marketplace.billing.subscription;

import static dev.marketplace.billing.BillingFixtures.activate;
import static dev.marketplace.billing.BillingFixtures.as;
import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.awaitStatus;
import static dev.marketplace.billing.BillingFixtures.buyer;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.order;
import static dev.marketplace.billing.BillingFixtures.path;
import static dev.marketplace.billing.BillingFixtures.publishResult;
import static dev.marketplace.billing.BillingFixtures.sql;
import static dev.marketplace.billing.BillingFixtures.vendor;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.billing.FakeCatalog;
import dev.marketplace.billing.subscription.domain.SuspensionReason;
import dev.marketplace.billing.subscription.service.RecurringInvoicing;
import dev.marketplace.billing.subscription.service.SubscriptionSuspensions;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.DomainEvents;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;

/**
 * Suspension and reactivation: the operator's endpoints (who may, which states), the SUBSCRIPTION_NOTICE each change
 * writes for the vendor (as AppDirect's vendor library reads it), the buyer's email, and what a suspended subscription
 * can still do (be cancelled) and what it cannot (change, assignment, invoicing).
 */
@QuarkusTest
class SubscriptionSuspensionTest {
    private final String partner = newPartner();
    private final UUID company = UUID.randomUUID();
    private final UUID user = UUID.randomUUID();

    @Inject
    SubscriptionSuspensions suspensions;
    @Inject
    RecurringInvoicing recurring;

    private String activeSubscription(FakeCatalog.Product product, String account) {
        String id = asPartner(partner).body(order(product, 5)).post(buyer(partner, company, user)).then().statusCode(201)
                .extract().path("id");
        activate(partner, id, account);
        return id;
    }

    private static String suspension(String id) {
        return "/api/billing/v1/subscriptions/" + id + "/suspension";
    }

    /** The n-th SUBSCRIPTION_NOTICE of the subscription whose notice type is {@code noticeType}, as it went to Kafka. */
    private static JsonNode notice(String id, String noticeType) {
        return DomainEvents.await(e -> "SUBSCRIPTION_NOTICE".equals(e.path("type").asText())
                && id.equals(e.path("aggregate").path("id").asText())
                && noticeType.equals(e.path("payload").path("notice").path("type").asText()), Duration.ofSeconds(30));
    }

    private static long invoices(String id) {
        return sql("select count(*) from invoice where subscription_id = ?", UUID.fromString(id));
    }

    @Test
    void anOperatorSuspendsTheVendorAndTheBuyerAreToldAndNothingButACancelGoesThroughUntilReactivated() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        String id = activeSubscription(product, "acct-susp-1");
        assertEquals(1, invoices(id), "the first invoice, when it turned ACTIVE");

        // buyers, company administrators, read-only channel credentials and the vendor may not: a plain 403, nothing changes
        for (String refused : List.of(InternalTokens.bearerAsUser(partner, user, Roles.USER),
                InternalTokens.bearerAsUser(partner, user, Roles.SYS_ADMIN),
                InternalTokens.bearerAsUser(partner, user, Roles.BILLING_ADMIN),
                InternalTokens.bearer(partner, Roles.PARTNER_READ), vendor(partner, product.id()))) {
            as(refused).post(suspension(id)).then().statusCode(403).body("code", equalTo("FORBIDDEN"));
            as(refused).delete(suspension(id)).then().statusCode(403);
        }
        // another marketplace's channel: exactly the 404 of an unknown id, but for the id
        String unknown = UUID.randomUUID().toString();
        String unknownMessage = asPartner(partner).post(suspension(unknown)).then().statusCode(404)
                .body("code", equalTo("NOT_FOUND")).extract().path("message");
        asPartner(newPartner()).post(suspension(id)).then().statusCode(404).body("code", equalTo("NOT_FOUND"))
                .body("message", equalTo(unknownMessage.replace(unknown, id)));
        asPartner(partner).post(suspension("not-a-uuid")).then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                .body("message", containsString("subscriptionId"));
        asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().body("status", equalTo("ACTIVE"));

        long before = System.currentTimeMillis();
        asPartner(partner).post(suspension(id)).then().statusCode(200).body("id", equalTo(id))
                .body("status", equalTo("SUSPENDED")).body("suspension.reason", equalTo("OPERATOR"))
                .body("accountIdentifier", equalTo("acct-susp-1"));
        long since = asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().statusCode(200)
                .body("status", equalTo("SUSPENDED")).extract().jsonPath().getLong("suspension.since");
        assertTrue(since >= before - 1000, "suspended now: " + since);

        // the vendor's SUBSCRIPTION_NOTICE, with what AppDirect's library reads: account, notice type, marketplace URL
        JsonNode deactivated = notice(id, "DEACTIVATED");
        assertEquals(partner, deactivated.path("partner").asText());
        assertEquals("billing-service", deactivated.path("source").asText());
        assertEquals("SUBSCRIPTION", deactivated.path("aggregate").path("type").asText());
        JsonNode p = deactivated.path("payload");
        assertEquals("SUBSCRIPTION_NOTICE", p.path("eventType").asText());
        assertEquals(id, p.path("subscriptionId").asText());
        assertEquals(product.id(), p.path("productId").asLong());
        assertEquals("acct-susp-1", p.path("account").path("accountIdentifier").asText());
        assertEquals("SUSPENDED", p.path("account").path("status").asText());
        assertEquals("Suspended by the marketplace", p.path("notice").path("message").asText());
        assertEquals("http://localhost:8080", p.path("marketplace").path("baseUrl").asText());
        assertTrue(p.path("configuration").isObject());
        assertEquals(32, p.path("eventToken").asText().length());
        assertTrue(p.path("eventUrl").asText().endsWith("/api/integration/v1/events/" + p.path("eventToken").asText()));
        // the buyer's email: SUBSCRIPTION_SUSPENDED with the parameters of the subscription emails
        assertEquals(1, p.path("notifications").size());
        JsonNode mail = p.path("notifications").path(0);
        assertEquals("SUBSCRIPTION_SUSPENDED", mail.path("type").asText());
        assertEquals("EMAIL", mail.path("channel").asText());
        assertEquals("ann@acme.example", mail.path("recipients").path(0).asText());
        assertEquals("fr_CA", mail.path("locale").asText());
        JsonNode parameters = mail.path("parameters");
        assertEquals("Ann", parameters.path("firstName").asText());
        assertEquals("Acme", parameters.path("companyName").asText());
        assertEquals("Task Pro " + product.id(), parameters.path("productName").asText());
        assertEquals("Edition BASIC", parameters.path("editionName").asText());
        assertEquals(asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().extract().jsonPath()
                .getLong("orderId"), parameters.path("orderId").asLong());

        // suspended: a second suspension, a change and an assignment are refused, naming the status
        asPartner(partner).post(suspension(id)).then().statusCode(409).body("code", equalTo("INVALID_STATE"))
                .body("message", containsString("SUSPENDED"));
        asPartner(partner).body(Map.of("items", List.of(Map.of("unit", "USER", "quantity", 6))))
                .put("/api/billing/v1/subscriptions/" + id).then().statusCode(409).body("message", containsString("SUSPENDED"));
        asPartner(partner).body(Map.of("uuid", UUID.randomUUID().toString(), "email", "bo@acme.example"))
                .post("/api/billing/v1/subscriptions/" + id + "/assignments").then().statusCode(409)
                .body("message", containsString("SUSPENDED"));

        // and it is not invoiced, even when its billing date has come
        sql("update subscription set next_invoice_on = current_date where id = ?", UUID.fromString(id));
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        run(() -> recurring.invoiceDue(today));
        assertEquals(1, invoices(id), "a suspended subscription is not invoiced");

        // two yearly billing dates passed while it was suspended: reactivated, it pays the period starting today only
        sql("update subscription set billing_day = extract(day from current_date)::int,"
                + " next_invoice_on = current_date - interval '2 years' where id = ?", UUID.fromString(id));
        asPartner(partner).delete(suspension(id)).then().statusCode(200).body("status", equalTo("ACTIVE"))
                .body("suspension", nullValue());
        assertEquals(today.toString(), LocalDate.ofEpochDay(sql(
                "select next_invoice_on - date '1970-01-01' from subscription where id = ?", UUID.fromString(id))).toString());
        JsonNode reactivated = notice(id, "REACTIVATED").path("payload");
        assertEquals("acct-susp-1", reactivated.path("account").path("accountIdentifier").asText());
        assertEquals("ACTIVE", reactivated.path("account").path("status").asText());
        assertFalse(reactivated.has("notifications"), "no email type says 'reactivated': " + reactivated);
        assertFalse(reactivated.path("eventToken").asText().equals(p.path("eventToken").asText()), "a new token per event");
        run(() -> recurring.invoiceDue(today));
        assertEquals(2, invoices(id), "one invoice for the period running today, none for the skipped ones");

        asPartner(partner).delete(suspension(id)).then().statusCode(409).body("code", equalTo("INVALID_STATE"))
                .body("message", containsString("ACTIVE"));
        // ACTIVE again: changes go through
        asPartner(partner).body(Map.of("items", List.of(Map.of("unit", "USER", "quantity", 6))))
                .put("/api/billing/v1/subscriptions/" + id).then().statusCode(202);
    }

    @Test
    void anOverdueInvoiceSuspendsWithItsOwnEmailAndASuspendedSubscriptionCanBeCancelled() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        String id = activeSubscription(product, "acct-susp-2");

        // the service method collection calls, in background work (no request): another marketplace's id is unknown
        ApiException unknown = assertThrows(() -> suspensions.suspend(newPartner(), UUID.fromString(id),
                SuspensionReason.OVERDUE_INVOICE));
        assertEquals(404, unknown.status());
        var view = run(() -> suspensions.suspend(partner, UUID.fromString(id), SuspensionReason.OVERDUE_INVOICE));
        assertEquals("SUSPENDED", view.status());
        assertEquals("OVERDUE_INVOICE", view.suspension().reason());
        JsonNode deactivated = notice(id, "DEACTIVATED");
        assertEquals("billing-service", deactivated.path("creator").path("source").asText(), "background work: billing itself");
        JsonNode mail = deactivated.path("payload").path("notifications").path(0);
        assertEquals("SUBSCRIPTION_SUSPENDED_OVERDUE_INVOICE", mail.path("type").asText());
        assertEquals("ann@acme.example", mail.path("recipients").path(0).asText());
        assertEquals("Suspended: an invoice of the subscription is overdue",
                deactivated.path("payload").path("notice").path("message").asText());
        asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().body("suspension.reason", equalTo("OVERDUE_INVOICE"));

        // the buyer leaves: the vendor is asked to cancel an account it knows as suspended
        as(InternalTokens.bearerAsUser(partner, user, Roles.USER)).delete(path(company, user) + "/" + id).then()
                .statusCode(202).body("status", equalTo("PENDING_REMOTE_CANCELLATION"));
        JsonNode cancel = DomainEvents.await(e -> "SUBSCRIPTION_CANCEL".equals(e.path("type").asText())
                && id.equals(e.path("aggregate").path("id").asText()), Duration.ofSeconds(30)).path("payload");
        assertEquals("SUSPENDED", cancel.path("account").path("status").asText());
        asPartner(partner).delete(suspension(id)).then().statusCode(409)
                .body("message", containsString("PENDING_REMOTE_CANCELLATION"));
        // the vendor refuses: the subscription is suspended as before
        publishResult(partner, id, "SUBSCRIPTION_CANCEL", false, null, "OPERATION_CANCELLED", "no", null);
        awaitStatus(partner, id, "SUSPENDED");
        asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().body("suspension.reason", equalTo("OVERDUE_INVOICE"));
        // asked again, the vendor accepts: CANCELLED, and a cancelled subscription is neither suspended nor reactivated
        asPartner(partner).delete(path(company, user) + "/" + id).then().statusCode(202);
        publishResult(partner, id, "SUBSCRIPTION_CANCEL", true, null, null, null, null);
        awaitStatus(partner, id, "CANCELLED");
        asPartner(partner).post(suspension(id)).then().statusCode(409).body("message", containsString("CANCELLED"));
        asPartner(partner).delete(suspension(id)).then().statusCode(409).body("message", containsString("CANCELLED"));
    }

    @Test
    void aSubscriptionThatIsNotActiveYetCannotBeSuspended() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        String id = asPartner(partner).body(order(product, 2)).post(buyer(partner, company, user)).then().statusCode(201)
                .extract().path("id");
        asPartner(partner).post(suspension(id)).then().statusCode(409).body("code", equalTo("INVALID_STATE"))
                .body("message", containsString("PENDING_REMOTE_CREATION"));
        as(InternalTokens.bearer(partner, Roles.CHANNEL_ADMIN)).post(suspension(id)).then().statusCode(409);
        assertEquals(0, sql("select count(*) from outbox_event where type = 'SUBSCRIPTION_NOTICE' and aggregate_id = ?", id));
    }

    private static <T> T run(Supplier<Uni<T>> work) {
        try {
            return io.quarkus.vertx.VertxContextSupport.subscribeAndAwait(work::get);
        } catch (Throwable e) {
            throw e instanceof RuntimeException r ? r : new IllegalStateException(e);
        }
    }

    private static <T> ApiException assertThrows(Supplier<Uni<T>> work) {
        try {
            run(work::get);
        } catch (ApiException e) {
            return e;
        }
        throw new AssertionError("expected an ApiException");
    }
}
