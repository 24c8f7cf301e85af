package dev.marketplace.billing.collection.service;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.billing.clock.service.BillingClock;
import dev.marketplace.billing.clock.service.DueWork;
import dev.marketplace.billing.collection.domain.CollectionState;
import dev.marketplace.billing.collection.domain.CollectionSuspension;
import dev.marketplace.billing.collection.domain.InvoiceCollection;
import dev.marketplace.billing.collection.repository.CollectionRepository;
import dev.marketplace.billing.collection.repository.CollectionSuspensionRepository;
import dev.marketplace.billing.payment.service.PaymentService;
import dev.marketplace.billing.payment.service.PaymentService.Collected;
import dev.marketplace.billing.subscription.domain.SuspensionReason;
import dev.marketplace.billing.subscription.service.SubscriptionSuspensions;
import dev.marketplace.common.error.ApiException;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;

/**
 * Collection and dunning (README, "Collection and dunning"). An UNPAID invoice whose due date has come in its
 * marketplace's billing time is charged by its buyer's default card ({@link PaymentService#collect}, which also sends
 * the buyer PAYMENT_FAILED or CREDIT_CARD_REQUIRED); a definite failure is retried at each {@code retry-after} counted
 * from the due date; after the last one the invoice is OVERDUE and every ACTIVE subscription billed on it is suspended
 * (OVERDUE_INVOICE). A PENDING charge is not counted: while the invoice has a PENDING payment it is not claimed
 * (reconciliation decides the charge); once decided, a FAILED charge's attempt is made again (by collect, which moves
 * the invoice to its next provider key), a SUCCESSFUL one has paid the invoice.
 *
 * <p>Safe with several replicas: a batch of due rows is claimed in one transaction ({@code for update skip locked},
 * then a lease in real time), the provider is called outside any transaction, and the outcome is recorded in a
 * transaction of its own; a charge itself is made once per attempt whatever races (PaymentService's attempt keys).
 */
@ApplicationScoped
public class InvoiceCollections implements DueWork {
    private static final Logger LOG = Logger.getLogger(InvoiceCollections.class);

    private final CollectionRepository rows;
    private final CollectionSuspensionRepository held;
    private final PaymentService payments;
    private final SubscriptionSuspensions suspensions;
    private final boolean testClocks;
    private final List<Duration> retryAfter;
    private final Duration lease;
    private final int batchSize;

    public InvoiceCollections(CollectionRepository rows, CollectionSuspensionRepository held, PaymentService payments,
            SubscriptionSuspensions suspensions, BillingClock clock, CollectionConfig config) {
        this.rows = rows;
        this.held = held;
        this.payments = payments;
        this.suspensions = suspensions;
        this.testClocks = clock.testClocksEnabled();
        this.retryAfter = List.copyOf(config.retryAfter());
        this.lease = config.lease();
        this.batchSize = config.batchSize();
    }

    @Scheduled(every = "${marketplace.billing.collection.every}", delayed = "10s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        // every marketplace at once, each at its own billing time (its test clock's offset is added in SQL)
        return collect(null, Instant.now()).invoke(count -> {
            if (count > 0) {
                LOG.infof("Collection made %d attempts", count);
            }
        }).replaceWithVoid().onFailure().recoverWithUni(e -> {
            LOG.error("Collection failed; it resumes at the next run", e);
            return Uni.createFrom().voidItem();
        });
    }

    @Override
    public Uni<Integer> runDue(String partner, Instant now) {
        return collect(partner, now);
    }

    /**
     * Makes every attempt due at {@code now} (billing time) for one marketplace, or for every marketplace when
     * {@code partner} is null; emits how many attempts were made. An attempt whose retry time has also passed is made
     * again at once, in order, so a clock moved past several retry times makes each of them.
     */
    public Uni<Integer> collect(String partner, Instant now) {
        return Panache.withTransaction(() -> rows.enrolDue(partner, now, testClocks)).chain(() -> batches(partner, now));
    }

    private Uni<Integer> batches(String partner, Instant now) {
        Instant real = Instant.now();
        return Panache.withTransaction(() -> rows.claimDue(partner, now, testClocks, real, real.plus(lease), batchSize))
                .chain(claimed -> claimed.isEmpty() ? Uni.createFrom().item(0)
                        : each(claimed, now).chain(() -> batches(partner, now)).map(more -> claimed.size() + more));
    }

    private Uni<Void> each(List<InvoiceCollection> claimed, Instant now) {
        Uni<Void> all = Uni.createFrom().voidItem();
        for (InvoiceCollection c : claimed) {
            all = all.chain(() -> payments.collect(c.partner, c.invoiceNumber)
                    .chain(result -> Panache.withTransaction(() -> record(c.invoiceId, result.outcome(), now)))
                    .onFailure().recoverWithUni(e -> {
                        // the lease stays: the attempt is made again once it has passed
                        LOG.warnf("Collection of invoice %d of %s failed: %s", c.invoiceNumber, c.partner, e.toString());
                        return Uni.createFrom().voidItem();
                    }));
        }
        return all;
    }

    /** Records an attempt's outcome on the collection row (unless a payment by another path settled it meanwhile). */
    private Uni<Void> record(UUID invoiceId, Collected outcome, Instant now) {
        return rows.locked(invoiceId).chain(c -> {
            if (c == null || c.state != CollectionState.COLLECTING) {
                return Uni.createFrom().voidItem();
            }
            c.lastOutcome = outcome.name();
            c.lastAttemptOn = now;
            c.updatedOn = Instant.now();
            switch (outcome) {
                case PENDING -> {
                    // not counted, and left leased: reconciliation decides the charge meanwhile
                    return rows.flush();
                }
                case SUCCESSFUL -> {
                    c.attempts++;
                    c.state = CollectionState.PAID;
                }
                case NOT_PAYABLE -> c.state = CollectionState.CLOSED;
                case FAILED, NO_CARD_ON_FILE -> {
                    c.attempts++;
                    if (c.attempts > retryAfter.size()) {
                        return overdue(c);
                    }
                    c.nextAttemptAt = c.dueDate.plus(retryAfter.get(c.attempts - 1));
                }
            }
            c.leaseUntil = null;
            if (c.state != CollectionState.COLLECTING) {
                c.nextAttemptAt = null;
            }
            return rows.flush();
        });
    }

    /** The last attempt failed: OVERDUE, and each subscription billed on the invoice is held suspended. */
    private Uni<Void> overdue(InvoiceCollection c) {
        c.state = CollectionState.OVERDUE;
        c.nextAttemptAt = null;
        c.leaseUntil = null;
        return rows.flush().chain(() -> rows.subscriptionsOf(c.partner, c.invoiceNumber)).chain(ids -> {
            Uni<Void> all = Uni.createFrom().voidItem();
            for (UUID id : ids) {
                all = all.chain(() -> suspend(c, id));
            }
            return all;
        }).invoke(() -> LOG.infof("Invoice %d of %s is overdue after %d attempts", c.invoiceNumber, c.partner, c.attempts));
    }

    /**
     * Suspends an ACTIVE subscription (OVERDUE_INVOICE: the buyer's email, the vendor's DEACTIVATED notice); one in
     * another state is left as it is. The invoice holds it when it ends SUSPENDED for an overdue invoice (by this one or
     * an earlier one), not when an operator suspended it or it is cancelled.
     */
    private Uni<Void> suspend(InvoiceCollection c, UUID subscriptionId) {
        return suspensions.suspend(c.partner, subscriptionId, SuspensionReason.OVERDUE_INVOICE).replaceWithVoid()
                .onFailure(e -> e instanceof ApiException).recoverWithNull()
                .chain(() -> rows.suspendedForOverdue(c.partner, subscriptionId)).chain(overdue -> {
                    if (!overdue) {
                        return Uni.createFrom().voidItem();
                    }
                    CollectionSuspension s = new CollectionSuspension();
                    s.invoiceId = c.invoiceId;
                    s.subscriptionId = subscriptionId;
                    s.suspendedOn = Instant.now();
                    return held.persist(s).replaceWithVoid();
                });
    }
}
