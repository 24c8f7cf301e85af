package dev.marketplace.common.events;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/**
 * Makes Kafka consumers idempotent: a consumer handles an event only when it records the event id here first, in the
 * same transaction as its own changes. A redelivered event finds its id and is skipped.
 */
@ApplicationScoped
public class ProcessedEvents {

    /** Emits {@code true} the first time {@code consumer} sees {@code eventId}; must run inside a transaction. */
    public Uni<Boolean> firstDelivery(String consumer, UUID eventId) {
        return Panache.getSession().flatMap(session -> session.createNativeQuery(
                "insert into processed_event (consumer, event_id) values (?1, ?2) on conflict do nothing")
                .setParameter(1, consumer)
                .setParameter(2, eventId)
                .executeUpdate())
                .map(inserted -> inserted == 1);
    }
}
