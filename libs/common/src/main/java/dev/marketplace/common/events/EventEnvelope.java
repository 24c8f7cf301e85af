package dev.marketplace.common.events;

import java.util.Map;
import java.util.UUID;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;

/**
 * A domain event as it travels on Kafka (docs/architecture.md, "Events"). {@code creator} is who caused it (consumer key, user),
 * {@code payload} the resource state after the change.
 */
@com.fasterxml.jackson.annotation.JsonIgnoreProperties(ignoreUnknown = true)
public record EventEnvelope(UUID id, String type, long occurredOn, String partner, String source, Aggregate aggregate,
        Map<String, Object> creator, JsonNode payload) {

    @com.fasterxml.jackson.annotation.JsonIgnoreProperties(ignoreUnknown = true)
    public record Aggregate(String type, String id) {
    }

    /**
     * The payload as the typed record of its event type (events/payload). Throws IllegalArgumentException when it does
     * not bind, so a consumer can log and skip a malformed event.
     */
    public <T> T payloadAs(ObjectMapper mapper, Class<T> type) {
        return payloadAs(mapper, payload, type);
    }

    /** A payload tree read as its typed record; IllegalArgumentException when it does not bind. */
    public static <T> T payloadAs(ObjectMapper mapper, JsonNode payload, Class<T> type) {
        if (payload == null || !payload.isObject()) {
            throw new IllegalArgumentException("the event has no payload object");
        }
        try {
            return mapper.treeToValue(payload, type);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException("the payload is not a " + type.getSimpleName() + ": " + e.getOriginalMessage());
        }
    }

    /**
     * A Kafka record of the domain-event topic as a JSON tree, for consumers that read only some fields. A record that
     * is not JSON is logged and read as a missing node (no type, so every consumer's type filter skips it): one bad
     * record never blocks the partition.
     */
    public static JsonNode readTree(ObjectMapper mapper, String record) {
        try {
            JsonNode tree = mapper.readTree(record);
            return tree == null ? MissingNode.getInstance() : tree;
        } catch (Exception e) {
            Logger.getLogger(EventEnvelope.class).warn("Skipping a domain event that is not JSON");
            return MissingNode.getInstance();
        }
    }

    public static EventEnvelope of(String type, String partner, String source, String aggregateType, String aggregateId,
            Map<String, Object> creator, JsonNode payload) {
        return new EventEnvelope(UUID.randomUUID(), type, System.currentTimeMillis(), partner, source,
                new Aggregate(aggregateType, aggregateId), creator, payload);
    }
}
