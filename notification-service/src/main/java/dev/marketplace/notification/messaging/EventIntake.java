package dev.marketplace.notification.messaging;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.ProcessedEvents;
import dev.marketplace.notification.delivery.service.DeliveryPlanner;
import dev.marketplace.notification.eventlog.service.EventLogService;
import dev.marketplace.notification.vendorevent.service.VendorEventIntake;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * Takes one domain event in, exactly once, and fans it out to the features that keep something of it: in a single
 * transaction it records the event id as processed, records the vendor event when a vendor must hear about it, stores
 * the event in the log (with what the vendor side noted) and plans its notifications. A redelivered event finds its id
 * and changes nothing.
 */
@ApplicationScoped
public class EventIntake {
    public static final String CONSUMER = "notification-service";
    private static final Logger LOG = Logger.getLogger(EventIntake.class);

    private final ProcessedEvents processed;
    private final VendorEventIntake vendorEvents;
    private final EventLogService eventLog;
    private final DeliveryPlanner planner;

    public EventIntake(ProcessedEvents processed, VendorEventIntake vendorEvents, EventLogService eventLog,
            DeliveryPlanner planner) {
        this.processed = processed;
        this.vendorEvents = vendorEvents;
        this.eventLog = eventLog;
        this.planner = planner;
    }

    /** What taking an event in created: a vendor event to notify, messages to send (nothing for a repeated event). */
    public record Accepted(boolean vendorEvent, int deliveries) {
        static final Accepted NOTHING = new Accepted(false, 0);
    }

    @WithTransaction
    public Uni<Accepted> accept(EventEnvelope envelope) {
        return processed.firstDelivery(CONSUMER, envelope.id()).chain(first -> {
            if (!first) {
                LOG.debugf("Event %s already processed, skipped", envelope.id());
                return Uni.createFrom().item(Accepted.NOTHING);
            }
            return vendorEvents.intake(envelope)
                    .call(vendor -> eventLog.record(envelope, vendor::noteIn))
                    .chain(vendor -> planner.plan(envelope).map(deliveries -> new Accepted(vendor.recorded(), deliveries)));
        });
    }
}
