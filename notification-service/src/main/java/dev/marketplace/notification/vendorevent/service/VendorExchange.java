package dev.marketplace.notification.vendorevent.service;

import java.time.Duration;
import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Caller;
import dev.marketplace.common.security.Roles;
import dev.marketplace.notification.eventlog.service.EventLogService;
import dev.marketplace.notification.vendorevent.domain.VendorEvent;
import dev.marketplace.notification.vendorevent.domain.VendorEventStatus;
import dev.marketplace.notification.vendorevent.repository.VendorEventRepository;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * The vendor's side: the signed fetch of an event and its result (through the gateway, with the vendor credentials of
 * the event's product). The result endpoint locks the row as the dispatcher does, so a result that overtakes the
 * vendor's 202 is never lost; a token not seen yet is waited for a little (it may still be on its way from billing).
 */
@ApplicationScoped
public class VendorExchange {
    private static final Logger LOG = Logger.getLogger(VendorExchange.class);

    private static final Duration TOKEN_ARRIVAL_POLL = Duration.ofMillis(100);
    /** Up to 5 s for an event on its way from billing. */
    private static final int TOKEN_ARRIVAL_POLLS = 50;

    private final VendorEventRepository vendorEvents;
    private final VendorEventLifecycle lifecycle;
    private final EventLogService eventLog;
    private final Caller caller;

    public VendorExchange(VendorEventRepository vendorEvents, VendorEventLifecycle lifecycle, EventLogService eventLog,
            Caller caller) {
        this.vendorEvents = vendorEvents;
        this.lifecycle = lifecycle;
        this.eventLog = eventLog;
        this.caller = caller;
    }

    /** The event document for the vendor of its product; 404 unknown token, 403 any other caller. */
    @WithTransaction
    public Uni<VendorEvent> fetch(String token) {
        return byTokenForVendor(token).invoke(e -> {
            e.fetchedOn = Instant.now(); // the last fetch: tells whether the vendor could read the event during an attempt
        }).call(e -> eventLog.reportVendor(e.id, e.status.name(), l -> l.consumed(true)));
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
            if (input.succeeded() && VendorEventLifecycle.requiresAccount(e) && VendorEventLifecycle.blank(input.accountIdentifier())) {
                throw ApiException.invalidField("accountIdentifier", "is required when a SUBSCRIPTION_ORDER succeeds");
            }
            return lifecycle.finish(e, input.succeeded(), input.accountIdentifier(), input.errorCode(), input.message(), source,
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
}
