package dev.marketplace.notification.vendorevent.service;

import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.TraceContext;
import dev.marketplace.notification.eventlog.service.VendorLogEntry;
import dev.marketplace.notification.vendorevent.domain.VendorEvent;
import dev.marketplace.notification.vendorevent.repository.VendorEventRepository;
import io.smallrye.mutiny.Uni;

/** Turns a domain event that concerns a vendor into a vendor event, inside the transaction that takes the event in. */
@ApplicationScoped
public class VendorEventIntake {
    private static final Logger LOG = Logger.getLogger(VendorEventIntake.class);

    private final VendorEventRepository vendorEvents;
    private final VendorEventDocuments documents;

    public VendorEventIntake(VendorEventRepository vendorEvents, VendorEventDocuments documents) {
        this.vendorEvents = vendorEvents;
        this.documents = documents;
    }

    /** What intake did with an event: recorded a vendor event (its status), found it unusable (an error), or nothing. */
    public record Result(boolean recorded, String status, String errorCode, String errorMessage) {
        static final Result NONE = new Result(false, null, null, null);

        /** What the event log shows about the event from the vendor side. */
        public void noteIn(VendorLogEntry entry) {
            if (recorded) {
                entry.vendorStatus(status).consumed(false);
            } else if (errorCode != null) {
                entry.error(errorCode, errorMessage);
            }
        }
    }

    /** Records the vendor event when the event concerns a vendor; the dispatcher is woken once the transaction committed. */
    public Uni<Result> intake(EventEnvelope envelope) {
        if (!VendorEventDocuments.concerns(envelope)) {
            return Uni.createFrom().item(Result.NONE);
        }
        VendorEventDocuments.Request request;
        try {
            request = documents.read(envelope).orElse(null);
        } catch (IllegalArgumentException ex) {
            return unusable(envelope, ex);
        }
        if (request == null) {
            LOG.debugf("Event %s (%s) names no product: no vendor to notify", envelope.id(), envelope.type());
            return Uni.createFrom().item(Result.NONE);
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
                return unusable(envelope, ex);
            }
            e.traceparent = TraceContext.currentTraceparent();
            return vendorEvents.persist(e).replaceWith(new Result(true, e.status.name(), null, null));
        });
    }

    /** A payload this service cannot read must not block the topic: the event is logged, the vendor not told. */
    private static Uni<Result> unusable(EventEnvelope envelope, RuntimeException ex) {
        LOG.errorf("Event %s (%s) cannot be turned into a vendor event: %s", envelope.id(), envelope.type(), ex.toString());
        return Uni.createFrom().item(new Result(false, null, "INVALID_EVENT", "the event cannot be sent to the vendor"));
    }
}
