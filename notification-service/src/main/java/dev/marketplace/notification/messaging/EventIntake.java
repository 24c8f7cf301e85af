package dev.marketplace.notification.messaging;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.inbox.TypedEventHandler;
import dev.marketplace.notification.delivery.service.DeliveryJob;
import dev.marketplace.notification.delivery.service.DeliveryPlanner;
import dev.marketplace.notification.eventlog.service.EventLogService;
import dev.marketplace.notification.vendorevent.service.VendorDispatcher;
import dev.marketplace.notification.vendorevent.service.VendorEventIntake;
import io.smallrye.mutiny.Uni;

/**
 * Takes every domain event of the suite in, on the shared inbox (once, in the inbox's transaction, retried, then
 * parked), and fans it out to the features that keep something of it: it records the vendor event when a vendor must
 * hear about it, stores the event in the log (with what the vendor side noted) and plans its notifications. Once that
 * committed, the vendor dispatcher and the delivery job are woken rather than left to their next tick.
 */
@Singleton
public class EventIntake extends TypedEventHandler<JsonNode> {
    /** The name its processed events were recorded under before the inbox: kept. */
    public static final String CONSUMER = "notification-service";

    private final VendorEventIntake vendorEvents;
    private final EventLogService eventLog;
    private final DeliveryPlanner planner;
    private final VendorDispatcher vendorDispatcher;
    private final DeliveryJob deliveryJob;

    public EventIntake(VendorEventIntake vendorEvents, EventLogService eventLog, DeliveryPlanner planner,
            VendorDispatcher vendorDispatcher, DeliveryJob deliveryJob) {
        super(CONSUMER, JsonNode.class, null, EVERY_TYPE);
        this.vendorEvents = vendorEvents;
        this.eventLog = eventLog;
        this.planner = planner;
        this.vendorDispatcher = vendorDispatcher;
        this.deliveryJob = deliveryJob;
    }

    @Override
    public Uni<Void> handle(EventEnvelope envelope, JsonNode payload) {
        return vendorEvents.intake(envelope)
                .call(vendor -> eventLog.record(envelope, vendor::noteIn))
                .chain(vendor -> planner.plan(envelope)).replaceWithVoid();
    }

    @Override
    public void committed(EventEnvelope event) {
        vendorDispatcher.wakeUp();
        deliveryJob.wakeUp();
    }
}
