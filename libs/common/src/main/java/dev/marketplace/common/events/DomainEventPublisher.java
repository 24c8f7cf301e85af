package dev.marketplace.common.events;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.security.Caller;
import io.quarkus.arc.Arc;
import io.smallrye.mutiny.Uni;

/**
 * The one way a service records a domain event: it writes the envelope into the outbox inside the caller's
 * transaction (the relay publishes it to Kafka once that commits). The source is the service's own name
 * ({@code quarkus.application.name}); the creator is the calling consumer and user while a request is served, or the
 * service itself in background work, unless the producer names one.
 */
@ApplicationScoped
public class DomainEventPublisher {
    private final Outbox outbox;
    private final ObjectMapper mapper;
    private final Caller caller;
    private final String source;

    public DomainEventPublisher(Outbox outbox, ObjectMapper mapper, Caller caller,
            @ConfigProperty(name = "quarkus.application.name") String source) {
        this.outbox = outbox;
        this.mapper = mapper;
        this.caller = caller;
        this.source = source;
    }

    /** Appends the event; emits its id. Must run inside a reactive transaction. */
    public Uni<UUID> publish(String type, String partner, String aggregateType, String aggregateId, Object payload) {
        return publish(type, partner, aggregateType, aggregateId, payload, List.of(), null);
    }

    /** Same, asking notification-service to send {@code notifications} (carried in the payload as {@code notifications}). */
    public Uni<UUID> publish(String type, String partner, String aggregateType, String aggregateId, Object payload,
            List<NotificationRequest> notifications) {
        return publish(type, partner, aggregateType, aggregateId, payload, notifications, null);
    }

    /**
     * Same, with the creator given ({@link EventCreator}): for changes made outside the request that caused them, such as
     * a vendor's answer arriving later.
     */
    public Uni<UUID> publish(String type, String partner, String aggregateType, String aggregateId, Object payload,
            List<NotificationRequest> notifications, Map<String, Object> creator) {
        JsonNode body = mapper.valueToTree(payload);
        if (notifications != null && !notifications.isEmpty()) {
            ObjectNode object = body instanceof ObjectNode o ? o : mapper.createObjectNode().set("value", body);
            object.set("notifications", mapper.valueToTree(notifications));
            body = object;
        }
        EventEnvelope event = EventEnvelope.of(type, partner, source, aggregateType, aggregateId,
                creator != null ? creator : currentCreator(), body);
        return outbox.append(event).replaceWith(event.id());
    }

    /** The creator of the request being served, or this service when none is (a consumer, a scheduled job). */
    public Map<String, Object> currentCreator() {
        return Arc.container().requestContext().isActive() && caller.consumerKey() != null
                ? EventCreator.of(caller)
                : EventCreator.system(source);
    }

    public String source() {
        return source;
    }
}
