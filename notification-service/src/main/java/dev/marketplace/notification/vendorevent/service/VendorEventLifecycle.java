package dev.marketplace.notification.vendorevent.service;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.VendorEventParked;
import dev.marketplace.notification.NotificationConfig;
import dev.marketplace.notification.eventlog.service.EventLogService;
import dev.marketplace.notification.vendorevent.domain.VendorEvent;
import dev.marketplace.notification.vendorevent.domain.VendorEventStatus;
import dev.marketplace.notification.vendorevent.messaging.VendorOutcomeEvents;
import dev.marketplace.notification.vendorevent.repository.VendorEventRepository;
import dev.marketplace.notification.workqueue.RetrySchedule;
import dev.marketplace.notification.workqueue.WorkQueue;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * The dispatch state machine of vendor events, each change in its own short transaction: claim due events (PENDING →
 * SENDING, committed before any call, {@code for update skip locked}), record an attempt's outcome (SUCCEEDED, FAILED,
 * AWAITING_RESULT, PENDING again after a backoff, or PARKED), resume interrupted attempts, re-notify or park events
 * whose result is overdue. Every final outcome writes VENDOR_EVENT_RESULT to the outbox in the same transaction;
 * parking writes VENDOR_EVENT_PARKED; the event log hears of every change ({@link EventLogService#reportVendor}).
 */
@ApplicationScoped
public class VendorEventLifecycle {
    private static final Logger LOG = Logger.getLogger(VendorEventLifecycle.class);

    static final String TABLE = "vendor_event";
    static final String UNKNOWN_ERROR = "UNKNOWN_ERROR";

    private final VendorEventRepository vendorEvents;
    private final EventLogService eventLog;
    private final VendorOutcomeEvents outcomes;
    private final NotificationConfig.Vendor config;
    private final WorkQueue<UUID> queue;
    private final RetrySchedule retries;

    public VendorEventLifecycle(VendorEventRepository vendorEvents, EventLogService eventLog, VendorOutcomeEvents outcomes,
            NotificationConfig config) {
        this.vendorEvents = vendorEvents;
        this.eventLog = eventLog;
        this.outcomes = outcomes;
        this.config = config.vendor();
        this.queue = new WorkQueue<>(TABLE, UUID.class, lease(this.config));
        this.retries = new RetrySchedule(this.config.maxAttempts(), this.config.initialBackoff(), this.config.maxBackoff());
    }

    /** The claim must outlast an attempt (catalogue lookup and vendor call), or a slow vendor would be called twice. */
    static Duration lease(NotificationConfig.Vendor config) {
        Duration floor = config.timeout().plus(config.catalogTimeout()).plusSeconds(5);
        return config.lease().compareTo(floor) < 0 ? floor : config.lease();
    }

    /**
     * A claimed event, as the dispatcher needs it outside any transaction. {@code sends} counts this one: above 1 the
     * vendor may have seen the event before (same token, same event id).
     */
    public record Claimed(UUID id, String partner, long productId, String eventType, String urlTemplate, String eventUrl,
            int attempts, int sends, String traceparent) {
    }

    /** Claims due events (PENDING → SENDING with a lease, committed before any call). */
    @WithTransaction
    public Uni<List<Claimed>> claimDue() {
        return queue.claim(Instant.now(), config.batchSize()).chain(vendorEvents::byIds).map(due -> {
            for (VendorEvent e : due) {
                e.sends++;
            }
            return due.stream().map(e -> new Claimed(e.id, e.partner, e.productId, e.eventType, e.urlTemplate, e.eventUrl,
                    e.attempts, e.sends, e.traceparent)).toList();
        });
    }

    /**
     * Housekeeping before each dispatcher run: an event left SENDING past its lease (the process stopped mid-call) is
     * due again, and so is one whose result is overdue.
     */
    public Uni<Void> housekeeping() {
        return resumeInterrupted().chain(this::expireOverdue).replaceWithVoid();
    }

    /**
     * An event whose claim lapsed may or may not have reached the vendor: it is sent again with the same token, so the
     * vendor sees a re-delivery it can recognise (never after a recorded result: a result ends the claim).
     */
    @WithTransaction
    public Uni<Integer> resumeInterrupted() {
        Instant now = Instant.now();
        return queue.lapsed(now, 100).chain(vendorEvents::byIds).map(stuck -> {
            for (VendorEvent e : stuck) {
                LOG.warnf("Vendor event %s was left SENDING (process stopped mid-call); it is due again", e.id);
                e.status = VendorEventStatus.PENDING;
                e.lastError = "interrupted during attempt " + e.attempts + "; sent again";
                e.retryAt(now);
            }
            return stuck.size();
        });
    }

    /**
     * An event whose result did not arrive by its deadline is notified again with the same token (the vendor fetches it
     * again and posts its result); after {@code max-renotifications}, or for an interactive order (only the user's
     * browser reaches the vendor), it is parked.
     */
    @WithTransaction
    public Uni<Integer> expireOverdue() {
        Instant now = Instant.now();
        return vendorEvents.lockOverdue(now, 100).chain(overdue -> {
            Uni<Void> chain = Uni.createFrom().voidItem();
            for (VendorEvent e : overdue) {
                e.resultDueAt = null;
                e.lastError = "no result within " + config.resultDeadline() + " of the vendor accepting the event";
                if (e.interactive || e.renotifications >= config.maxRenotifications()) {
                    chain = chain.chain(() -> park(e, now, VendorEventParked.RESULT_OVERDUE).replaceWithVoid());
                    continue;
                }
                e.renotifications++;
                e.status = VendorEventStatus.PENDING;
                e.attempts = 0;
                e.retryAt(now);
                LOG.infof("Vendor event %s: result overdue, re-notifying the vendor (%d of %d)", e.id, e.renotifications,
                        config.maxRenotifications());
                chain = chain.chain(() -> eventLog.reportVendor(e.id, e.status.name(),
                        l -> l.error(VendorEventParked.RESULT_OVERDUE, e.lastError)));
            }
            return chain.replaceWith(overdue.size());
        });
    }

    /**
     * Records the outcome of the attempt on a claimed event and releases the claim, in one transaction; ignored when the
     * row left SENDING meanwhile (a result arrived during the call).
     */
    @WithTransaction
    public Uni<VendorEventStatus> complete(Claimed claimed, VendorOutcome outcome) {
        return vendorEvents.lock(claimed.id()).chain(e -> {
            if (e == null || e.status != VendorEventStatus.SENDING) {
                return Uni.createFrom().item(e == null ? null : e.status);
            }
            Instant now = Instant.now();
            e.leaseUntil = null;
            e.lastHttpStatus = outcome.httpStatus();
            switch (outcome.kind()) {
                case SUCCESS, FAILURE -> {
                    if (couldNotRead(e, outcome)) {
                        return retryOrPark(e, now, "the vendor could not read the event: " + outcome.message());
                    }
                    if (outcome.kind() == VendorOutcome.Kind.SUCCESS && requiresAccount(e)
                            && blank(outcome.accountIdentifier())) {
                        return finish(e, false, null, "INVALID_RESPONSE",
                                "the vendor reported success without an accountIdentifier", "RESPONSE", now);
                    }
                    return finish(e, outcome.kind() == VendorOutcome.Kind.SUCCESS, outcome.accountIdentifier(),
                            outcome.errorCode(), outcome.message(), "RESPONSE", now);
                }
                case ASYNC -> {
                    e.status = VendorEventStatus.AWAITING_RESULT;
                    e.resultDueAt = now.plus(config.resultDeadline());
                    return eventLog.reportVendor(e.id, e.status.name(), l -> l.consumed(true).asynchronous(true)).replaceWith(e.status);
                }
                case RETRY -> {
                    return retryOrPark(e, now, outcome.message());
                }
                default -> {
                    e.lastError = outcome.message();
                    return park(e, now, VendorEventParked.VENDOR_UNREACHABLE);
                }
            }
        });
    }

    /** A failed attempt: due again after the backoff, or parked once the attempts ran out. */
    private Uni<VendorEventStatus> retryOrPark(VendorEvent e, Instant now, String error) {
        e.lastError = error;
        if (retries.exhausted(e.attempts)) {
            return park(e, now, VendorEventParked.VENDOR_UNREACHABLE);
        }
        e.status = VendorEventStatus.PENDING;
        e.retryAt(retries.next(e.attempts, now));
        return eventLog.reportVendor(e.id, e.status.name(), l -> l.error(VendorEventParked.VENDOR_UNREACHABLE, e.lastError))
                .replaceWith(e.status);
    }

    /**
     * AppDirect's vendor library answers {@code UNKNOWN_ERROR} synchronously when its fetch of the event failed (for
     * instance while our database or the gateway's credential lookup was stalled): a vendor that could not read the
     * event has decided nothing about it, so the attempt failed and is retried, rather than failing the order.
     */
    private static boolean couldNotRead(VendorEvent e, VendorOutcome outcome) {
        return outcome.kind() == VendorOutcome.Kind.FAILURE && UNKNOWN_ERROR.equals(outcome.errorCode())
                && (e.fetchedOn == null || e.fetchedOn.isBefore(e.lastAttemptOn));
    }

    private Uni<VendorEventStatus> park(VendorEvent e, Instant now, String reason) {
        e.status = VendorEventStatus.PARKED;
        e.parkedOn = now;
        e.leaseUntil = null;
        e.resultDueAt = null;
        LOG.warnf("Vendor event %s (%s, product %d) parked (%s) after %d attempts and %d re-notifications: %s", e.id,
                e.eventType, e.productId, reason, e.attempts, e.renotifications, e.lastError);
        return eventLog.reportVendor(e.id, e.status.name(), l -> l.consumed(VendorEventParked.RESULT_OVERDUE.equals(reason))
                .successful(false).manuallyResolved(false).error(reason, e.lastError))
                .chain(() -> outcomes.parked(e, reason)).replaceWith(e.status);
    }

    /** Records the event's final result (from the vendor's answer, its result or an operator) and tells billing. */
    Uni<VendorEventStatus> finish(VendorEvent e, boolean success, String accountIdentifier, String errorCode,
            String message, String source, Instant now) {
        e.status = success ? VendorEventStatus.SUCCEEDED : VendorEventStatus.FAILED;
        e.resultSuccess = success;
        e.accountIdentifier = cut(accountIdentifier, 255);
        e.errorCode = success ? null : cut(errorCode, 128);
        e.errorMessage = cut(message, 2000);
        e.resultSource = source;
        e.completedOn = now;
        e.parkedOn = null;
        e.leaseUntil = null;
        e.resultDueAt = null;
        return eventLog.reportVendor(e.id, e.status.name(), l -> l.consumed(true).successful(success)
                .error(success ? null : e.errorCode, success ? null : e.errorMessage))
                .chain(() -> outcomes.result(e)).replaceWith(e.status);
    }

    /** A real (not STATELESS) order needs the vendor's account identifier to become active. */
    static boolean requiresAccount(VendorEvent e) {
        return VendorEventDocuments.isOrder(e.eventType) && e.flag == null;
    }

    static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    private static String cut(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }
}
