package dev.marketplace.billing.subscription.service;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.billing.clock.service.BillingClock;
import dev.marketplace.billing.clock.service.BillingTimeSql;
import dev.marketplace.billing.clock.service.DueWork;
import dev.marketplace.billing.config.BillingConfig;
import dev.marketplace.billing.subscription.domain.Subscription;
import dev.marketplace.billing.subscription.repository.SubscriptionRepository;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventCreator;
import dev.marketplace.common.events.payload.SubscriptionVendorEvent;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;

/**
 * The SUBSCRIPTION_NOTICEs a schedule sends, in batches of one transaction each, safe with several replicas (each batch
 * locks its subscriptions and skips those another replica holds; what was sent is recorded on the row in the same
 * transaction, so a notice is written once): UPCOMING_INVOICE when an active recurring subscription's next billing
 * date is at most {@code notices.upcoming-invoice-days} ahead (once per billing date), and CLOSED once a cancelled
 * subscription's cancellation is {@code notices.close-after} old (once). Both are due by billing time, as collection is
 * ({@link BillingTimeSql}): the scheduled run takes every marketplace at its own billing time, and, being a
 * {@link DueWork}, a marketplace's test clock moved forward runs what became due for that marketplace at once.
 */
@ApplicationScoped
public class ScheduledNotices implements DueWork {
    static final String UPCOMING_INVOICE = "UPCOMING_INVOICE";
    static final String CLOSED = "CLOSED";
    private static final Logger LOG = Logger.getLogger(ScheduledNotices.class);

    private final SubscriptionRepository subscriptions;
    private final VendorEvents vendorEvents;
    private final DomainEventPublisher events;
    private final boolean testClocks;
    private final int batchSize;
    private final int upcomingDays;
    private final Duration closeAfter;

    public ScheduledNotices(SubscriptionRepository subscriptions, VendorEvents vendorEvents, DomainEventPublisher events,
            BillingClock clock, BillingConfig config) {
        this.subscriptions = subscriptions;
        this.vendorEvents = vendorEvents;
        this.events = events;
        this.testClocks = clock.testClocksEnabled();
        this.batchSize = config.invoicing().batchSize();
        this.upcomingDays = config.notices().upcomingInvoiceDays();
        this.closeAfter = config.notices().closeAfter();
    }

    @Scheduled(every = "${marketplace.billing.notices.every}", delayed = "10s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        // every marketplace at once, each at its own billing time (its test clock's offset is added in SQL)
        Instant now = Instant.now();
        return upcomingInvoices(null, now).chain(upcoming -> closeCancelled(null, now)
                .invoke(closed -> {
                    if (upcoming + closed > 0) {
                        LOG.infof("Vendor notices sent: %d UPCOMING_INVOICE, %d CLOSED", upcoming, closed);
                    }
                }))
                .replaceWithVoid()
                .onFailure().recoverWithUni(e -> {
                    LOG.error("Scheduled vendor notices failed; they resume at the next run", e);
                    return Uni.createFrom().voidItem();
                });
    }

    @Override
    public Uni<Integer> runDue(String partner, Instant now) {
        return upcomingInvoices(partner, now).chain(upcoming -> closeCancelled(partner, now).map(closed -> upcoming + closed));
    }

    /**
     * UPCOMING_INVOICE for every subscription of the marketplace (every marketplace when {@code partner} is null) billed
     * after the billing day of {@code now} and within the configured days; emits how many.
     */
    public Uni<Integer> upcomingInvoices(String partner, Instant now) {
        if (upcomingDays <= 0) {
            return Uni.createFrom().item(0);
        }
        return batches(() -> subscriptions.dueForUpcomingNotice(partner, now, testClocks, upcomingDays, batchSize), s -> {
            s.upcomingNoticeFor = s.nextInvoiceOn;
            return notice(s, UPCOMING_INVOICE, "The next invoice is issued on " + s.nextInvoiceOn);
        });
    }

    /**
     * CLOSED for every subscription of the marketplace (every marketplace when {@code partner} is null) cancelled at least
     * the configured time before {@code now} (billing time); emits how many.
     */
    public Uni<Integer> closeCancelled(String partner, Instant now) {
        return batches(() -> subscriptions.dueForClosing(partner, now, testClocks, closeAfter, batchSize), s -> {
            s.closedOn = Instant.now();
            return notice(s, CLOSED, "The subscription was cancelled on " + s.cancelledOn + "; the account may be closed");
        });
    }

    private Uni<Void> notice(Subscription s, String type, String message) {
        s.eventToken = VendorEvents.newToken();
        s.lastModified = Instant.now();
        return vendorEvents.notice(s, new SubscriptionVendorEvent.Notice(type, message),
                EventCreator.system(events.source()), List.of());
    }

    /** Runs {@code each} on every locked row of a batch, one transaction per batch, until a batch is not full. */
    private Uni<Integer> batches(Supplier<Uni<List<Subscription>>> due, Function<Subscription, Uni<Void>> each) {
        return Panache.withTransaction(() -> due.get().chain(batch -> {
            Uni<Void> all = Uni.createFrom().voidItem();
            for (Subscription s : batch) {
                all = all.chain(() -> each.apply(s));
            }
            return all.chain(subscriptions::flush).replaceWith(batch.size());
        })).chain(count -> count < batchSize ? Uni.createFrom().item(count)
                : batches(due, each).map(more -> count + more));
    }
}
