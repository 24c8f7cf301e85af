package dev.marketplace.billing.subscription.service;

import java.time.LocalDate;
import java.time.ZoneOffset;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.billing.config.BillingConfig;
import dev.marketplace.billing.subscription.domain.Subscription;
import dev.marketplace.billing.subscription.repository.SubscriptionRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;

/**
 * The recurring job: invoices every active subscription whose billing date has come, in batches of one transaction
 * each. Safe with several replicas: each batch locks its subscriptions and skips those another replica holds, and an
 * invoice is unique per subscription and period.
 */
@ApplicationScoped
public class RecurringInvoicing {
    private static final Logger LOG = Logger.getLogger(RecurringInvoicing.class);

    private final SubscriptionRepository subscriptions;
    private final SubscriptionInvoicing invoicing;
    private final int batchSize;

    public RecurringInvoicing(SubscriptionRepository subscriptions, SubscriptionInvoicing invoicing,
            BillingConfig config) {
        this.subscriptions = subscriptions;
        this.invoicing = invoicing;
        this.batchSize = config.invoicing().batchSize();
    }

    @Scheduled(every = "${marketplace.billing.invoicing.every}", delayed = "10s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        return invoiceDue(LocalDate.now(ZoneOffset.UTC))
                .invoke(count -> {
                    if (count > 0) {
                        LOG.infof("Invoiced %d subscriptions due", count);
                    }
                })
                .replaceWithVoid()
                .onFailure().recoverWithUni(e -> {
                    LOG.error("Recurring invoicing failed; it resumes at the next run", e);
                    return Uni.createFrom().voidItem();
                });
    }

    /** Invoices every subscription due on {@code today}; emits how many. */
    public Uni<Integer> invoiceDue(LocalDate today) {
        return batch(today).chain(count -> count < batchSize ? Uni.createFrom().item(count)
                : invoiceDue(today).map(more -> count + more));
    }

    private Uni<Integer> batch(LocalDate today) {
        return Panache.withTransaction(() -> subscriptions.dueForInvoicing(today, batchSize).chain(due -> {
            Uni<Void> all = Uni.createFrom().voidItem();
            for (Subscription s : due) {
                all = all.chain(() -> invoicing.renew(s));
            }
            return all.chain(subscriptions::flush).replaceWith(due.size());
        }));
    }
}
