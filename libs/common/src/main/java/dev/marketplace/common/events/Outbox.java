package dev.marketplace.common.events;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/**
 * Writes events into the outbox table inside the caller's transaction, so an event exists exactly when the change
 * that caused it was committed. {@link OutboxRelay} publishes them to Kafka afterwards.
 */
@ApplicationScoped
public class Outbox {
    private final ObjectMapper mapper;

    public Outbox(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /** Must be called inside a reactive transaction (for example a {@code @WithTransaction} service method). */
    public Uni<Void> append(EventEnvelope event) {
        String json;
        try {
            json = mapper.writeValueAsString(event);
        } catch (JsonProcessingException e) {
            return Uni.createFrom().failure(new IllegalStateException("Event cannot be serialised", e));
        }
        // read here, in the caller's context: the relay carries it into the Kafka record (V0_4__outbox_trace.sql)
        String traceparent = TraceContext.currentTraceparent();
        return Panache.getSession().flatMap(session -> session.createNativeQuery(
                "insert into outbox_event (id, aggregate_id, type, envelope, created_at, traceparent)"
                        + " values (?1, ?2, ?3, ?4, ?5, ?6)")
                .setParameter(1, event.id())
                .setParameter(2, event.aggregate().id())
                .setParameter(3, event.type())
                .setParameter(4, json)
                .setParameter(5, OffsetDateTime.ofInstant(java.time.Instant.ofEpochMilli(event.occurredOn()), ZoneOffset.UTC))
                .setParameter(6, traceparent)
                .executeUpdate())
                .replaceWithVoid();
    }
}
