package dev.marketplace.billing.collection.repository;

import static dev.marketplace.billing.clock.service.BillingTimeSql.billingNow;
import static dev.marketplace.billing.clock.service.BillingTimeSql.clockJoin;
import static dev.marketplace.billing.clock.service.BillingTimeSql.scope;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

import dev.marketplace.billing.collection.domain.CollectionState;
import dev.marketplace.billing.collection.domain.InvoiceCollection;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

/**
 * The collection rows of invoices, and the few reads of invoices and subscriptions collection needs in background work
 * where no caller scopes a service call (native SQL on those tables, read only: every change to them goes through
 * their features' services).
 *
 * <p>Billing time ({@link dev.marketplace.billing.clock.service.BillingTimeSql}): {@code runDue} of one marketplace
 * passes it; the scheduled job (every marketplace at once) passes the real time, and each marketplace's test clock
 * offset is added in SQL when test clocks are enabled.
 */
@ApplicationScoped
public class CollectionRepository implements PanacheRepositoryBase<InvoiceCollection, UUID> {

    /**
     * Starts the collection of every UNPAID invoice (with something to pay) whose due date has come in its marketplace's
     * billing time: a COLLECTING row whose first attempt is at the due date. Replicas racing insert it once.
     */
    public Uni<Integer> enrolDue(String partner, Instant now, boolean testClocks) {
        return getSession().chain(session -> session.createNativeQuery("insert into invoice_collection "
                + "(invoice_id, partner, invoice_number, due_date, state, attempts, next_attempt_at, updated_on) "
                + "select i.id, i.partner, i.invoice_number, i.due_date, 'COLLECTING', 0, i.due_date, now() from invoice i"
                + clockJoin("i", testClocks) + "where i.status = 'UNPAID' and i.total > 0 and " + scope("i")
                + " and i.due_date <= " + billingNow(testClocks)
                + " and not exists (select 1 from invoice_collection c where c.invoice_id = i.id)"
                + " on conflict do nothing")
                .setParameter(1, partner).setParameter(2, now).executeUpdate());
    }

    /**
     * Claims up to {@code limit} collections whose next attempt is due, whose invoice has no PENDING payment and that no
     * replica holds ({@code for update skip locked}, then a lease until {@code leaseUntil}); emits them.
     */
    public Uni<List<InvoiceCollection>> claimDue(String partner, Instant now, boolean testClocks, Instant realNow,
            Instant leaseUntil, int limit) {
        return getSession().chain(session -> session.createNativeQuery("select c.invoice_id from invoice_collection c"
                + clockJoin("c", testClocks) + "where c.state = 'COLLECTING' and " + scope("c")
                + " and c.next_attempt_at <= " + billingNow(testClocks)
                + " and (c.lease_until is null or c.lease_until <= cast(?3 as timestamptz))"
                // a charge still PENDING is reconciliation's to decide: the invoice waits, no attempt is counted
                + " and not exists (select 1 from payment p where p.invoice_id = c.invoice_id and p.result = 'PENDING')"
                + " order by c.next_attempt_at, c.invoice_id limit ?4 for update of c skip locked", UUID.class)
                .setParameter(1, partner).setParameter(2, now).setParameter(3, realNow).setParameter(4, limit)
                .getResultList())
                .chain(ids -> ids.isEmpty() ? Uni.createFrom().item(List.<InvoiceCollection>of())
                        : update("leaseUntil = ?1 where invoiceId in ?2", leaseUntil, ids)
                                .chain(() -> list("invoiceId in ?1 order by nextAttemptAt", ids)));
    }

    /** The row, locked until the transaction ends. */
    public Uni<InvoiceCollection> locked(UUID invoiceId) {
        return find("invoiceId", invoiceId).withLock(LockModeType.PESSIMISTIC_WRITE).firstResult();
    }

    /** The row of an invoice of a marketplace, locked until the transaction ends; null when it has none. */
    public Uni<InvoiceCollection> lockedByNumber(String partner, long invoiceNumber) {
        return find("partner = ?1 and invoiceNumber = ?2", partner, invoiceNumber).withLock(LockModeType.PESSIMISTIC_WRITE)
                .firstResult();
    }

    public Uni<InvoiceCollection> byNumber(String partner, long invoiceNumber) {
        return find("partner = ?1 and invoiceNumber = ?2", partner, invoiceNumber).firstResult();
    }

    /** The subscriptions billed on an invoice: its own and those of the invoices it carries. */
    public Uni<List<UUID>> subscriptionsOf(String partner, long invoiceNumber) {
        return getSession().chain(session -> session.createNativeQuery("select distinct subscription_id from invoice "
                + "where partner = ?1 and subscription_id is not null and (invoice_number = ?2 or delegated_to_invoice = ?2)",
                UUID.class).setParameter(1, partner).setParameter(2, invoiceNumber).getResultList());
    }

    /** Whether the subscription is SUSPENDED because of an overdue invoice (not by an operator, not in another state). */
    public Uni<Boolean> suspendedForOverdue(String partner, UUID subscriptionId) {
        return getSession().chain(session -> session.createNativeQuery("select count(*) from subscription where partner = ?1 "
                + "and id = ?2 and status = 'SUSPENDED' and suspension_reason = 'OVERDUE_INVOICE'", Long.class)
                .setParameter(1, partner).setParameter(2, subscriptionId).getSingleResult()).map(n -> n > 0);
    }

    public Uni<Long> countIn(CollectionState state, String partner) {
        return count("state = ?1 and partner = ?2", state, partner);
    }
}
