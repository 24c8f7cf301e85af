package dev.marketplace.billing.payment.service;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.billing.config.BillingConfig;
import dev.marketplace.billing.payment.repository.PaymentRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;

/**
 * The reconciliation job: every {@code reconcile-every}, each PENDING card payment older than {@code pending-grace} has
 * its charge looked up by its provider key (found: its answer is recorded; not found: the same key is sent again). Safe
 * with several replicas: a batch is claimed in one transaction ({@code for update skip locked}, then a lease of one
 * grace), and the provider is called outside any transaction; recording an answer is conditional on the payment still
 * being PENDING, so a pay call or another replica answering first changes nothing.
 */
@ApplicationScoped
public class PaymentReconciliation {
    private static final Logger LOG = Logger.getLogger(PaymentReconciliation.class);

    private final PaymentRepository payments;
    private final PaymentService service;
    private final Duration lease;
    private final int batchSize;

    public PaymentReconciliation(PaymentRepository payments, PaymentService service, BillingConfig config) {
        this.payments = payments;
        this.service = service;
        Duration grace = config.payments().pendingGrace();
        // a claimed payment is not due again in the same run, even with no grace at all
        this.lease = grace.isZero() || grace.isNegative() ? Duration.ofMillis(1) : grace;
        this.batchSize = config.payments().reconcileBatchSize();
    }

    @Scheduled(every = "${marketplace.billing.payments.reconcile-every}", delayed = "10s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        return reconcile(Instant.now()).invoke(count -> {
            if (count > 0) {
                LOG.infof("Reconciled %d pending card payments", count);
            }
        }).replaceWithVoid().onFailure().recoverWithUni(e -> {
            LOG.error("Payment reconciliation failed; it resumes at the next run", e);
            return Uni.createFrom().voidItem();
        });
    }

    /** Looks up every PENDING payment due at {@code now}; emits how many were looked at. */
    public Uni<Integer> reconcile(Instant now) {
        return Panache.withTransaction(() -> payments.claimDue(now, now.plus(lease), batchSize)).chain(ids -> each(ids)
                .chain(() -> ids.size() < batchSize ? Uni.createFrom().item(ids.size())
                        : reconcile(now).map(more -> ids.size() + more)));
    }

    private Uni<Void> each(List<Long> ids) {
        Uni<Void> all = Uni.createFrom().voidItem();
        for (long id : ids) {
            all = all.chain(() -> service.reconcile(id).replaceWithVoid().onFailure().recoverWithUni(e -> {
                // one payment failing to reconcile (the database, a provider error) does not stop the others
                LOG.warnf("Payment %d could not be reconciled: %s", id, e.toString());
                return Uni.createFrom().voidItem();
            }));
        }
        return all;
    }
}
