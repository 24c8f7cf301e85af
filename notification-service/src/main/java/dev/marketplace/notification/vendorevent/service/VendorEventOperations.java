package dev.marketplace.notification.vendorevent.service;

import java.time.Instant;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;

import org.jboss.logging.Logger;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.paging.Paged;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.common.security.Caller;
import dev.marketplace.notification.eventlog.service.EventLogService;
import dev.marketplace.notification.vendorevent.domain.VendorEvent;
import dev.marketplace.notification.vendorevent.domain.VendorEventStatus;
import dev.marketplace.notification.vendorevent.repository.VendorEventRepository;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/** What operators do with their marketplace's vendor events: list and read them, retry a parked one, settle one by hand. */
@ApplicationScoped
public class VendorEventOperations {
    private static final Logger LOG = Logger.getLogger(VendorEventOperations.class);

    private final VendorEventRepository vendorEvents;
    private final VendorEventLifecycle lifecycle;
    private final EventLogService eventLog;
    private final VendorBreakers breakers;
    private final Caller caller;

    public VendorEventOperations(VendorEventRepository vendorEvents, VendorEventLifecycle lifecycle, EventLogService eventLog,
            VendorBreakers breakers, Caller caller) {
        this.vendorEvents = vendorEvents;
        this.lifecycle = lifecycle;
        this.eventLog = eventLog;
        this.breakers = breakers;
        this.caller = caller;
    }

    @WithSession
    public Uni<PagedResponse<VendorEventView>> list(String status, PageRequest page, UriInfo uri) {
        String partner = caller.partner();
        VendorEventStatus state = QueryParams.enumValue("status", status, VendorEventStatus.class, null);
        return Paged.read(page, vendorEvents.search(partner, state, page), () -> vendorEvents.count(partner, state))
                .map(found -> PagedResponse.of(found.rows().stream().map(VendorEventView::of).toList(), page, found.total(), uri));
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
            return eventLog.reportVendor(e.id, e.status.name(), l -> l.manuallyResolved(null)).replaceWith(VendorEventView.of(e));
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
            if (input.succeeded() && VendorEventLifecycle.requiresAccount(e) && VendorEventLifecycle.blank(input.accountIdentifier())) {
                throw ApiException.invalidField("accountIdentifier", "is required when a SUBSCRIPTION_ORDER succeeds");
            }
            LOG.infof("Vendor event %s resolved by hand by %s (success=%s)", e.id, caller.consumerKey(), input.succeeded());
            return lifecycle.finish(e, input.succeeded(), input.accountIdentifier(), input.errorCode(), input.message(), "MANUAL",
                    Instant.now())
                    .call(() -> eventLog.reportVendor(e.id, e.status.name(), l -> l.manuallyResolved(true)))
                    .map(status -> VendorEventView.of(e));
        });
    }

    /** The caller's marketplace's vendor event: another marketplace's id answers exactly as an unknown one (404). */
    private Uni<VendorEvent> own(String eventId) {
        UUID id = Ids.uuid("eventId", eventId);
        return vendorEvents.inPartner(caller.partner(), id).map(e -> {
            if (e == null) {
                throw ApiException.notFound("Vendor event", eventId);
            }
            return e;
        });
    }
}
