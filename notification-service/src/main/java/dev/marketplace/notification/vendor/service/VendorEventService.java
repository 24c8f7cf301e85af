package dev.marketplace.notification.vendor.service;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;

import org.jboss.logging.Logger;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.TraceContext;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.common.security.Caller;
import dev.marketplace.common.security.Roles;
import dev.marketplace.notification.NotificationConfig;
import dev.marketplace.notification.eventlog.domain.LoggedEvent;
import dev.marketplace.notification.eventlog.repository.LoggedEventRepository;
import dev.marketplace.notification.vendor.domain.VendorEvent;
import dev.marketplace.notification.vendor.domain.VendorEventStatus;
import dev.marketplace.notification.vendor.messaging.VendorOutcomeEvents;
import dev.marketplace.notification.vendor.repository.VendorEventRepository;
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
    private final CircuitBreakers breakers;
    private final NotificationConfig.Vendor config;
    private final Caller caller;

    public VendorEventService(VendorEventRepository vendorEvents, LoggedEventRepository log, VendorEventDocuments documents,
            VendorOutcomeEvents outcomes, CircuitBreakers breakers, NotificationConfig config, Caller caller) {
        this.vendorEvents = vendorEvents;
        this.log = log;
        this.documents = documents;
        this.outcomes = outcomes;
        this.breakers = breakers;
        this.config = config.vendor();
        this.caller = caller;
    }

    /** A claimed event, as the dispatcher needs it outside any transaction. */
    public record Claimed(UUID id, String partner, long productId, String eventType, String urlTemplate, String eventUrl,
            int attempts, String traceparent) {
    }

    /** Inside the transaction that stores the event: records the vendor event when the event concerns a vendor. */
    public Uni<Void> intake(EventEnvelope envelope, LoggedEvent logged) {
        if (!VendorEventDocuments.concerns(envelope)) {
            return Uni.createFrom().voidItem();
        }
        String proposed = VendorEventDocuments.proposedToken(envelope).orElse(null);
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
                e = documents.create(envelope, t, Instant.now());
            } catch (RuntimeException ex) {
                // a payload this service cannot read must not block the topic: the event is logged, the vendor not told
                LOG.errorf("Event %s (%s) cannot be turned into a vendor event: %s", envelope.id(), envelope.type(),
                        ex.toString());
                logged.errorCode = "INVALID_EVENT";
                logged.errorMessage = "the event cannot be sent to the vendor";
                return Uni.createFrom().voidItem();
            }
            e.traceparent = TraceContext.currentTraceparent();
            logged.vendorStatus = e.status.name();
            logged.consumed = false;
            return vendorEvents.persist(e).replaceWithVoid();
        });
    }

    @WithTransaction
    public Uni<List<Claimed>> claimDue() {
        Instant now = Instant.now();
        Instant stuckBefore = now.minus(config.timeout().plus(config.catalogTimeout()).plusSeconds(60));
        return vendorEvents.stuckSending(stuckBefore, 100).invoke(stuck -> stuck.forEach(e -> {
            LOG.warnf("Vendor event %s was left SENDING (process stopped mid-call); it is due again", e.id);
            e.status = VendorEventStatus.PENDING;
            e.nextAttemptAt = now;
        })).chain(() -> vendorEvents.lockDue(now, config.batchSize())).map(due -> {
            for (VendorEvent e : due) {
                e.status = VendorEventStatus.SENDING;
                e.attempts++;
                e.lastAttemptOn = now;
            }
            return due.stream().map(e -> new Claimed(e.id, e.partner, e.productId, e.eventType, e.urlTemplate, e.eventUrl,
                    e.attempts, e.traceparent)).toList();
        });
    }

    /** Records the outcome of the attempt on a claimed event; ignored when the row left SENDING meanwhile. */
    @WithTransaction
    public Uni<VendorEventStatus> complete(Claimed claimed, VendorOutcome outcome) {
        return vendorEvents.lock(claimed.id()).chain(e -> {
            if (e == null || e.status != VendorEventStatus.SENDING) {
                return Uni.createFrom().item(e == null ? null : e.status);
            }
            Instant now = Instant.now();
            e.lastHttpStatus = outcome.httpStatus();
            switch (outcome.kind()) {
                case SUCCESS, FAILURE -> {
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
                    return updateLog(e, l -> {
                        l.consumed = true;
                        l.asynchronous = true;
                    }).replaceWith(e.status);
                }
                case RETRY -> {
                    e.lastError = outcome.message();
                    if (e.attempts >= config.maxAttempts()) {
                        return park(e, now);
                    }
                    e.status = VendorEventStatus.PENDING;
                    Instant next = now.plus(backoff(e.attempts));
                    e.nextAttemptAt = next;
                    return updateLog(e, l -> {
                        l.errorCode = "VENDOR_UNREACHABLE";
                        l.errorMessage = e.lastError;
                    }).replaceWith(e.status);
                }
                default -> {
                    e.lastError = outcome.message();
                    return park(e, now);
                }
            }
        });
    }

    private Uni<VendorEventStatus> park(VendorEvent e, Instant now) {
        e.status = VendorEventStatus.PARKED;
        e.parkedOn = now;
        LOG.warnf("Vendor event %s (%s, product %d) parked after %d attempts: %s", e.id, e.eventType, e.productId,
                e.attempts, e.lastError);
        return updateLog(e, l -> {
            l.consumed = false;
            l.successful = false;
            l.manuallyResolved = false;
            l.errorCode = "VENDOR_UNREACHABLE";
            l.errorMessage = e.lastError;
        }).chain(() -> outcomes.parked(e)).replaceWith(e.status);
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
        return "SUBSCRIPTION_ORDER".equals(e.eventType) && e.flag == null;
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

    /** Exponential: initial × 2^(attempts − 1), capped. */
    Duration backoff(int attempts) {
        Duration delay = config.initialBackoff();
        for (int i = 1; i < attempts && delay.compareTo(config.maxBackoff()) < 0; i++) {
            delay = delay.multipliedBy(2);
        }
        Duration capped = delay.compareTo(config.maxBackoff()) > 0 ? config.maxBackoff() : delay;
        return capped;
    }

    // --- the vendor's side: signed fetch and result (through the gateway, vendor credentials of the product) ---

    /** The event document for the vendor of its product; 404 unknown token, 403 any other caller. */
    @WithTransaction
    public Uni<VendorEvent> fetch(String token) {
        return byTokenForVendor(token).invoke(e -> {
            if (e.fetchedOn == null) {
                e.fetchedOn = Instant.now();
            }
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
            if (input.success() && requiresAccount(e) && blank(input.accountIdentifier())) {
                throw ApiException.invalidField("accountIdentifier", "is required when a SUBSCRIPTION_ORDER succeeds");
            }
            return finish(e, input.success(), input.accountIdentifier(), input.errorCode(), input.message(), source,
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
        VendorEventStatus state = parseStatus(status);
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
            e.nextAttemptAt = Instant.now();
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
            if (input.success() && requiresAccount(e) && blank(input.accountIdentifier())) {
                throw ApiException.invalidField("accountIdentifier", "is required when a SUBSCRIPTION_ORDER succeeds");
            }
            LOG.infof("Vendor event %s resolved by hand by %s (success=%s)", e.id, caller.consumerKey(), input.success());
            return finish(e, input.success(), input.accountIdentifier(), input.errorCode(), input.message(), "MANUAL",
                    Instant.now())
                    .call(() -> updateLog(e, l -> l.manuallyResolved = true))
                    .map(status -> VendorEventView.of(e));
        });
    }

    private Uni<VendorEvent> own(String eventId) {
        UUID id;
        try {
            id = UUID.fromString(eventId);
        } catch (IllegalArgumentException ex) {
            throw ApiException.invalidField("eventId", "must be a UUID");
        }
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

    private static VendorEventStatus parseStatus(String status) {
        if (status == null || status.isBlank()) {
            return null;
        }
        try {
            return VendorEventStatus.valueOf(status);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalidField("status", "must be one of " + List.of(VendorEventStatus.values()));
        }
    }
}
