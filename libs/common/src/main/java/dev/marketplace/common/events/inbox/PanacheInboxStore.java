package dev.marketplace.common.events.inbox;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.ProcessedEvents;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;

/** The inbox's records in the service's own database: {@code processed_event} and {@code parked_event}. */
@ApplicationScoped
public class PanacheInboxStore implements InboxProcessor.Store {
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(3);

    private final ProcessedEvents processed;
    private final Pool pool;

    public PanacheInboxStore(ProcessedEvents processed, Pool pool) {
        this.processed = processed;
        this.pool = pool;
    }

    @Override
    public Uni<Boolean> processOnce(String consumer, EventEnvelope event, Supplier<Uni<Void>> work) {
        return Panache.withTransaction(() -> processed.firstDelivery(consumer, event.id())
                .chain(first -> first ? work.get().replaceWith(true) : Uni.createFrom().item(false)));
    }

    @Override
    public Uni<Void> park(InboxProcessor.Parking p) {
        EventEnvelope e = p.event();
        return Panache.withTransaction(() -> Panache.getSession().chain(session -> session.createNativeQuery(
                "insert into parked_event (id, consumer, event_id, event_type, partner, envelope, error, attempts,"
                        + " first_failed_at, last_failed_at, status) values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 'PARKED')"
                        + " on conflict (consumer, event_id) where event_id is not null do update set error = excluded.error,"
                        + " attempts = parked_event.attempts + excluded.attempts, last_failed_at = excluded.last_failed_at,"
                        + " status = 'PARKED', resolved_at = null, resolution = null")
                .setParameter(1, UUID.randomUUID())
                .setParameter(2, p.consumer())
                .setParameter(3, e == null ? null : e.id())
                .setParameter(4, e == null ? null : e.type())
                .setParameter(5, e == null ? null : e.partner())
                .setParameter(6, p.raw())
                .setParameter(7, p.error())
                .setParameter(8, p.attempts())
                .setParameter(9, OffsetDateTime.ofInstant(p.firstFailure(), ZoneOffset.UTC))
                .setParameter(10, OffsetDateTime.ofInstant(p.lastFailure(), ZoneOffset.UTC))
                .executeUpdate())).replaceWithVoid();
    }

    @Override
    public Uni<Boolean> reachable() {
        return pool.query("select 1").execute().replaceWith(true).ifNoItem().after(PROBE_TIMEOUT).recoverWithItem(false)
                .onFailure().recoverWithItem(false);
    }
}
