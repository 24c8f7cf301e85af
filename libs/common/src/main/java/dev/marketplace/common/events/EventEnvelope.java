package dev.marketplace.common.events;

import java.util.Map;
import java.util.UUID;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;

/**
 * A domain event as it travels on Kafka (DESIGN §5). {@code creator} is who caused it (consumer key, user),
 * {@code payload} the resource state after the change.
 */
public record EventEnvelope(UUID id, String type, long occurredOn, String partner, String source, Aggregate aggregate,
        Map<String, Object> creator, JsonNode payload) {

    public record Aggregate(String type, String id) {
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
