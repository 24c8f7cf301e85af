package dev.marketplace.common.events;

import java.util.Map;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A domain event as it travels on Kafka (DESIGN §5). {@code creator} is who caused it (consumer key, user),
 * {@code payload} the resource state after the change.
 */
public record EventEnvelope(UUID id, String type, long occurredOn, String partner, String source, Aggregate aggregate,
        Map<String, Object> creator, JsonNode payload) {

    public record Aggregate(String type, String id) {
    }

    public static EventEnvelope of(String type, String partner, String source, String aggregateType, String aggregateId,
            Map<String, Object> creator, JsonNode payload) {
        return new EventEnvelope(UUID.randomUUID(), type, System.currentTimeMillis(), partner, source,
                new Aggregate(aggregateType, aggregateId), creator, payload);
    }
}
