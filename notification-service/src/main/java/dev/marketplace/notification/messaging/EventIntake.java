package dev.marketplace.notification.eventlog.service;

import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.ProcessedEvents;
import dev.marketplace.notification.delivery.service.DeliveryPlanner;
import dev.marketplace.notification.eventlog.domain.LoggedEvent;
import dev.marketplace.notification.eventlog.repository.LoggedEventRepository;
import dev.marketplace.notification.vendorevent.service.VendorEventService;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * Takes one domain event in, exactly once: in a single transaction it records the event id as processed, stores the
 * event in the log, plans its notifications and, when a vendor must hear about it, records the vendor event. A redelivered event finds its id and changes nothing.
 */
@ApplicationScoped
public class EventIntake {
    public static final String CONSUMER = "notification-service";
    private static final Logger LOG = Logger.getLogger(EventIntake.class);

    private final ProcessedEvents processed;
    private final LoggedEventRepository events;
    private final DeliveryPlanner planner;
    private final VendorEventService vendorEvents;
    private final ObjectMapper mapper;

    public EventIntake(ProcessedEvents processed, LoggedEventRepository events, DeliveryPlanner planner,
            VendorEventService vendorEvents, ObjectMapper mapper) {
        this.processed = processed;
        this.events = events;
        this.planner = planner;
        this.vendorEvents = vendorEvents;
        this.mapper = mapper;
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
            LoggedEvent logged = toLogged(envelope);
            return vendorEvents.intake(envelope, logged)
                    .call(() -> events.persist(logged))
                    .chain(vendor -> planner.plan(envelope).map(deliveries -> new Accepted(vendor, deliveries)));
        });
    }

    private LoggedEvent toLogged(EventEnvelope envelope) {
        LoggedEvent e = new LoggedEvent();
        e.id = envelope.id();
        e.type = envelope.type();
        e.partner = envelope.partner();
        e.source = envelope.source();
        if (envelope.aggregate() != null) {
            e.aggregateType = envelope.aggregate().type();
            e.aggregateId = envelope.aggregate().id();
        }
        JsonNode payload = envelope.payload();
        if (payload instanceof ObjectNode object && object.has("notifications")) {
            payload = object.deepCopy().without("notifications");
        }
        e.payload = json(payload);
        e.creator = envelope.creator() == null ? null : json(mapper.valueToTree(envelope.creator()));
        e.orderId = EventView.number(payload, "orderId", "order");
        e.subscriptionId = EventView.number(payload, "subscriptionId", "subscription");
        e.occurredOn = envelope.occurredOn() > 0 ? Instant.ofEpochMilli(envelope.occurredOn()) : Instant.now();
        e.receivedOn = Instant.now();
        return e;
    }

    private String json(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        try {
            return mapper.writeValueAsString(node);
        } catch (JsonProcessingException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
