package dev.marketplace.notification.vendorevent.service;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;

import org.jboss.logging.Logger;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.VendorEventParked;
import dev.marketplace.common.events.TraceContext;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.common.security.Caller;
import dev.marketplace.common.security.Roles;
import dev.marketplace.notification.NotificationConfig;
import dev.marketplace.notification.eventlog.domain.LoggedEvent;
import dev.marketplace.notification.eventlog.repository.LoggedEventRepository;
import dev.marketplace.notification.vendorevent.domain.VendorEvent;
import dev.marketplace.notification.vendorevent.domain.VendorEventStatus;
import dev.marketplace.notification.vendorevent.messaging.VendorOutcomeEvents;
import dev.marketplace.notification.vendorevent.repository.VendorEventRepository;
import dev.marketplace.notification.workqueue.RetrySchedule;
import dev.marketplace.notification.workqueue.WorkQueue;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * The vendor events' state changes, each in its own short transaction: intake (inside the event's own transaction),
 * claim due events (PENDING → SENDING, committed before any call, {@code for update skip locked}), record an attempt's
 * outcome, accept the vendor's result (once: a second one is a 409), operator retry of a parked event. Every final
 * outcome writes VENDOR_EVENT_RESULT to the outbox in the same transaction; parking writes VENDOR_EVENT_PARKED.
 * The dispatcher and the result endpoint lock the row, so a result that overtakes the vendor's 202 is never lost.
 */
@ApplicationScoped
public class VendorEventService {
    private static final Logger LOG = Logger.getLogger(VendorEventService.class);

    private static final Duration TOKEN_ARRIVAL_POLL = Duration.ofMillis(100);
    /** Up to 5 s for an event on its way from billing. */
    private static final int TOKEN_ARRIVAL_POLLS = 50;
    private final VendorEventRepository vendorEvents;
    private final LoggedEventRepository log;
    private final VendorEventDocuments documents;
    private final VendorOutcomeEvents outcomes;
    private final VendorBreakers breakers;
    private final NotificationConfig.Vendor config;
    private final Caller caller;
    private final WorkQueue<UUID> queue;
    private final RetrySchedule retries;

    public VendorEventService(VendorEventRepository vendorEvents, LoggedEventRepository log, VendorEventDocuments documents,
            VendorOutcomeEvents outcomes, VendorBreakers breakers, NotificationConfig config, Caller caller) {
        this.vendorEvents = vendorEvents;
        this.log = log;
        this.documents = documents;
        this.outcomes = outcomes;
        this.breakers = breakers;
        this.config = config.vendor();
        this.caller = caller;
        this.queue = new WorkQueue<>(TABLE, UUID.class, lease(this.config));
        this.retries = new RetrySchedule(this.config.maxAttempts(), this.config.initialBackoff(), this.config.maxBackoff());
    }

    static final String TABLE = "vendor_event";
    static final String UNKNOWN_ERROR = "UNKNOWN_ERROR";

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

    /**
     * Inside the transaction that stores the event: records the vendor event when the event concerns a vendor. Emits
     * whether one was recorded (the dispatcher is then woken up once the transaction committed).
     */
    public Uni<Boolean> intake(EventEnvelope envelope, LoggedEvent logged) {
        if (!VendorEventDocuments.concerns(envelope)) {
            return Uni.createFrom().item(false);
        }
        VendorEventDocuments.Request request;
        try {
            request = documents.read(envelope).orElse(null);
        } catch (IllegalArgumentException ex) {
            return unusable(envelope, logged, ex);
        }
        if (request == null) {
            LOG.debugf("Event %s (%s) names no product: no vendor to notify", envelope.id(), envelope.type());
            return Uni.createFrom().item(false);
        }
        String proposed = request.proposedToken().orElse(null);
        Uni<String> token = proposed == null ? Uni.createFrom().item(VendorEventDocuments.newToken())
                : vendorEvents.byToken(proposed).map(taken -> {
                    if (taken != null) {
                        LOG.warnf("Event %s reuses token of event %s; a new token is used", envelope.id(), taken.id);
                        return VendorEventDocuments.newToken();
                    }
                    return proposed;
                });
        return token.chain(t -> {
            VendorEvent e;
            try {
                e = documents.create(envelope, request, t, Instant.now());
            } catch (RuntimeException ex) {
                return unusable(envelope, logged, ex);
            }
            e.traceparent = TraceContext.currentTraceparent();
            logged.vendorStatus = e.status.name();
            logged.consumed = false;
            return vendorEvents.persist(e).replaceWith(true);
        });
    }

    /** A payload this service cannot read must not block the topic: the event is logged, the vendor not told. */
    private static Uni<Boolean> unusable(EventEnvelope envelope, LoggedEvent logged, RuntimeException ex) {
        LOG.errorf("Event %s (%s) cannot be turned into a vendor event: %s", envelope.id(), envelope.type(), ex.toString());
        logged.errorCode = "INVALID_EVENT";
        logged.errorMessage = "the event cannot be sent to the vendor";
        return Uni.createFrom().item(false);
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
                chain = chain.chain(() -> updateLog(e, l -> {
                    l.errorCode = VendorEventParked.RESULT_OVERDUE;
                    l.errorMessage = e.lastError;
                }));
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
                    return updateLog(e, l -> {
                        l.consumed = true;
                        l.asynchronous = true;
                    }).replaceWith(e.status);
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
        return updateLog(e, l -> {
            l.errorCode = VendorEventParked.VENDOR_UNREACHABLE;
            l.errorMessage = e.lastError;
        }).replaceWith(e.status);
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
        return updateLog(e, l -> {
            l.consumed = VendorEventParked.RESULT_OVERDUE.equals(reason);
            l.successful = false;
            l.manuallyResolved = false;
            l.errorCode = reason;
            l.errorMessage = e.lastError;
        }).chain(() -> outcomes.parked(e, reason)).replaceWith(e.status);
    }

    private Uni<VendorEventStatus> finish(VendorEvent e, boolean success, String accountIdentifier, String errorCode,
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
        return updateLog(e, l -> {
            l.consumed = true;
            l.successful = success;
            if (success) {
                l.errorCode = null;
                l.errorMessage = null;
            } else {
                l.errorCode = e.errorCode;
                l.errorMessage = e.errorMessage;
            }
        }).chain(() -> outcomes.result(e)).replaceWith(e.status);
    }

    /** A real (not STATELESS) order needs the vendor's account identifier to become active. */
    private static boolean requiresAccount(VendorEvent e) {
        return EventTypes.SUBSCRIPTION_ORDER.equals(e.eventType) && e.flag == null;
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    private static String cut(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }

    private Uni<Void> updateLog(VendorEvent e, java.util.function.Consumer<LoggedEvent> change) {
        return log.findById(e.id).invoke(l -> {
            if (l != null) {
                change.accept(l);
                l.vendorStatus = e.status.name();
            }
        }).replaceWithVoid();
    }

    // --- the vendor's side: signed fetch and result (through the gateway, vendor credentials of the product) ---

    /** The event document for the vendor of its product; 404 unknown token, 403 any other caller. */
    @WithTransaction
    public Uni<VendorEvent> fetch(String token) {
        return byTokenForVendor(token).invoke(e -> {
            e.fetchedOn = Instant.now(); // the last fetch: tells whether the vendor could read the event during an attempt
        }).call(e -> updateLog(e, l -> l.consumed = true));
    }

    /** The vendor's result (result endpoint or signed return URL): once per event, a second one is a 409. */
    @WithTransaction
    public Uni<VendorEvent> result(String token, VendorResultInput input, String source) {
        return byTokenForVendor(token).chain(found -> vendorEvents.lock(found.id)).chain(e -> {
            if (e.status.isFinal()) {
                throw ApiException.conflict("RESULT_ALREADY_RECORDED",
                        "eventToken: the result of this event was already recorded (" + e.status + ")");
            }
            if (e.status == VendorEventStatus.SENDING || e.status == VendorEventStatus.PENDING
                    || e.status == VendorEventStatus.PARKED) {
                LOG.infof("Result of vendor event %s arrived while it was %s", e.id, e.status);
            }
            if (input.succeeded() && requiresAccount(e) && blank(input.accountIdentifier())) {
                throw ApiException.invalidField("accountIdentifier", "is required when a SUBSCRIPTION_ORDER succeeds");
            }
            return finish(e, input.succeeded(), input.accountIdentifier(), input.errorCode(), input.message(), source,
                    Instant.now()).replaceWith(e);
        });
    }

    private Uni<VendorEvent> byTokenForVendor(String token) {
        if (!caller.hasRole(Roles.VENDOR) || caller.product().isEmpty()) {
            throw ApiException.forbidden();
        }
        long product = caller.product().get();
        String partner = caller.partner();
        if (token == null || token.length() > 64) {
            throw ApiException.notFound("Event", "token");
        }
        return arrived(token, TOKEN_ARRIVAL_POLLS).map(e -> {
            if (e == null) {
                throw ApiException.notFound("Event", token);
            }
            if (e.productId != product || !e.partner.equals(partner)) {
                throw ApiException.forbidden();
            }
            return e;
        });
    }

    /**
     * The event of a token, waiting a little for one not seen yet: billing hands an interactive order's token to the
     * user's browser at once, while the event reaches this service through the outbox and Kafka, so a quick vendor can
     * ask for it before it arrived. Polls on the caller's Vert.x context (the reactive session is bound to it).
     */
    private Uni<VendorEvent> arrived(String token, int pollsLeft) {
        return vendorEvents.byToken(token).flatMap(e -> {
            if (e != null || pollsLeft == 0) {
                return Uni.createFrom().item(e);
            }
            io.vertx.core.Context context = io.vertx.core.Vertx.currentContext();
            if (context == null) {
                return Uni.createFrom().item(e);
            }
            return Uni.createFrom().<Void>emitter(emitter -> context.owner().setTimer(TOKEN_ARRIVAL_POLL.toMillis(),
                    id -> context.runOnContext(v -> emitter.complete(null))))
                    .flatMap(v -> arrived(token, pollsLeft - 1));
        });
    }

    // --- operators ---

    @WithSession
    public Uni<PagedResponse<VendorEventView>> list(String status, PageRequest page, UriInfo uri) {
        String partner = caller.partner();
        VendorEventStatus state = QueryParams.enumValue("status", status, VendorEventStatus.class, null);
        return vendorEvents.search(partner, state, page).chain(rows -> vendorEvents.count(partner, state)
                .map(total -> PagedResponse.of(rows.stream().map(VendorEventView::of).toList(), page, total, uri)));
    }

    @WithSession
    public Uni<VendorEventView> get(String eventId) {
        return own(eventId).map(VendorEventView::of);
    }

    /** Sends a PARKED event again from its first attempt (and lets the next call through the vendor's circuit). */
    @WithTransaction
    public Uni<VendorEventView> retry(String eventId) {
        return own(eventId).chain(found -> vendorEvents.lock(found.id)).chain(e -> {
            if (e.status != VendorEventStatus.PARKED) {
                throw ApiException.conflict("NOT_PARKED", "eventId: only a PARKED event can be retried; this one is " + e.status);
            }
            e.status = VendorEventStatus.PENDING;
            e.attempts = 0;
            e.renotifications = 0;
            e.retryAt(Instant.now());
            e.parkedOn = null;
            breakers.reset(e.productId);
            LOG.infof("Vendor event %s retried by %s", e.id, caller.consumerKey());
            return updateLog(e, l -> l.manuallyResolved = null).replaceWith(VendorEventView.of(e));
        });
    }

    /**
     * An operator settles a PARKED (or AWAITING_RESULT) event by hand with the outcome it learnt from the vendor: the
     * result is recorded (source MANUAL), the event log shows it as manually resolved and billing gets its
     * VENDOR_EVENT_RESULT. 409 for an event already settled or being sent.
     */
    @WithTransaction
    public Uni<VendorEventView> resolve(String eventId, VendorResultInput input) {
        return own(eventId).chain(found -> vendorEvents.lock(found.id)).chain(e -> {
            if (e.status != VendorEventStatus.PARKED && e.status != VendorEventStatus.AWAITING_RESULT) {
                throw ApiException.conflict("NOT_PARKED",
                        "eventId: only a PARKED or AWAITING_RESULT event can be resolved by hand; this one is " + e.status);
            }
            if (input.succeeded() && requiresAccount(e) && blank(input.accountIdentifier())) {
                throw ApiException.invalidField("accountIdentifier", "is required when a SUBSCRIPTION_ORDER succeeds");
            }
            LOG.infof("Vendor event %s resolved by hand by %s (success=%s)", e.id, caller.consumerKey(), input.succeeded());
            return finish(e, input.succeeded(), input.accountIdentifier(), input.errorCode(), input.message(), "MANUAL",
                    Instant.now())
                    .call(() -> updateLog(e, l -> l.manuallyResolved = true))
                    .map(status -> VendorEventView.of(e));
        });
    }

    private Uni<VendorEvent> own(String eventId) {
        UUID id = Ids.uuid("eventId", eventId);
        String partner = caller.partner();
        return vendorEvents.findById(id).map(e -> {
            if (e == null) {
                throw ApiException.notFound("Vendor event", eventId);
            }
            if (!partner.equals(e.partner)) {
                throw ApiException.forbidden();
            }
            return e;
        });
    }
}
