package dev.marketplace.common.events.inbox;

import java.util.Set;

import dev.marketplace.common.events.EventEnvelope;
import io.smallrye.mutiny.Uni;

/**
 * What a service does with one kind of domain event, registered with the inbox ({@link DomainEventInbox}) by being a
 * CDI bean. The inbox reads the envelope, skips an event this handler has processed, binds the payload to
 * {@link #payloadType()}, and runs {@link #handle} in a transaction that also records the event as processed: the change
 * and the record commit together or not at all. A failure is retried with backoff; after
 * {@code marketplace.consumer.max-attempts} the event is parked for an operator ({@code parked_event}) and the next one
 * is processed. Nothing is dropped, and nothing blocks the partition for longer than the attempts take.
 *
 * @param <P> the payload's typed record (events/payload), or {@code JsonNode} for a handler that reads the tree
 */
public interface EventHandler<P> {
    /**
     * The handler's name: its processed events and parked events are recorded under it, so it never changes once
     * deployed (renaming it would process every retained event again).
     */
    String name();

    /** {@link #types()} of a handler that takes every event of the topic (notification-service's event log). */
    Set<String> EVERY_TYPE = Set.of("*");

    /** The event types it handles, or {@link #EVERY_TYPE}. */
    Set<String> types();

    /** The record the payload binds to; a payload that does not bind is parked at once ({@link EventRejected}). */
    Class<P> payloadType();

    /** Whether it handles this event of one of its {@link #types()}, e.g. only from one source. */
    default boolean accepts(EventEnvelope event) {
        return true;
    }

    /**
     * Applies the event, inside the inbox's transaction. Throw {@link EventRejected} for an event that can never be
     * applied (it is parked at once); any other failure is retried.
     */
    Uni<Void> handle(EventEnvelope event, P payload);

    /** Runs after the transaction that applied the event committed (not for a redelivery), e.g. to wake a worker. */
    default void committed(EventEnvelope event) {
    }
}
