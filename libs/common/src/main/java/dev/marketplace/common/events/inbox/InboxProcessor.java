package dev.marketplace.common.events.inbox;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.events.EventEnvelope;
import io.smallrye.mutiny.Uni;

/**
 * The inbox's rules for one event and one handler, apart from Kafka and the database (so that they are tested without
 * either): process once; retry a failure with doubling backoff while the database answers, and park the event after
 * {@link InboxConfig#maxAttempts()} or at once when it is {@link EventRejected}; while the database does not answer,
 * wait and try again without counting, for as long as the outage lasts. Parking itself is retried until it succeeds.
 */
public final class InboxProcessor {
    private static final Logger LOG = Logger.getLogger(InboxProcessor.class);
    private static final long OUTAGE_LOG_INTERVAL_NANOS = Duration.ofSeconds(30).toNanos();

    /** What the rules need of the database. */
    public interface Store {
        /**
         * Runs {@code work} in one transaction with the record that {@code consumer} processed {@code event}; emits
         * {@code false}, running nothing, when the record exists already.
         */
        Uni<Boolean> processOnce(String consumer, EventEnvelope event, Supplier<Uni<Void>> work);

        /** Records (or updates) the parked event. */
        Uni<Void> park(Parking parking);

        /** Whether the database answers at all. */
        Uni<Boolean> reachable();
    }

    /**
     * An event that failed for good: what the operator sees. {@code event} is null for a record that is no envelope;
     * {@code attempts} are this round's, added to those of an earlier parking of the same event.
     */
    public record Parking(String consumer, EventEnvelope event, String raw, String error, int attempts, Instant firstFailure,
            Instant lastFailure) {
    }

    public enum Outcome {
        PROCESSED, DUPLICATE, PARKED
    }

    private final Store store;
    private final InboxConfig config;
    private final ObjectMapper mapper;
    private final Function<Duration, Uni<Void>> sleep;
    private final Clock clock;
    private final AtomicLong nextOutageLog = new AtomicLong(System.nanoTime());

    public InboxProcessor(Store store, InboxConfig config, ObjectMapper mapper, Function<Duration, Uni<Void>> sleep,
            Clock clock) {
        this.store = store;
        this.config = config;
        this.mapper = mapper;
        this.sleep = sleep;
        this.clock = clock;
    }

    /** Delivers {@code event} ({@code raw}, as it came) to {@code handler}: processed, a duplicate, or parked. */
    public <P> Uni<Outcome> deliver(EventHandler<P> handler, EventEnvelope event, String raw) {
        return attempt(handler, event, raw, 1, null, 0);
    }

    /**
     * One more attempt at a parked event, with {@code resolve} (marking the parked row processed) in the same
     * transaction: emits true when it was applied or had been already, false when it failed again (and was parked
     * again with the failure).
     */
    public <P> Uni<Boolean> retryParked(EventHandler<P> handler, EventEnvelope event, String raw, Instant firstFailure,
            Supplier<Uni<Void>> resolve) {
        return Uni.createFrom().deferred(() -> store.processOnce(handler.name(), event,
                () -> handler.handle(event, payload(handler, event)).chain(() -> resolve.get())))
                .chain(ran -> ran ? Uni.createFrom().item(true)
                        : resolve.get().replaceWith(true))
                .invoke(applied -> handler.committed(event))
                .onFailure().recoverWithUni(failure -> parkForGood(new Parking(handler.name(), event, raw,
                        describe(failure), 1, firstFailure, clock.instant())).replaceWith(false));
    }

    private <P> Uni<Outcome> attempt(EventHandler<P> handler, EventEnvelope event, String raw, int attempt,
            Instant firstFailure, int outageWaits) {
        return Uni.createFrom().deferred(() -> store.processOnce(handler.name(), event,
                () -> handler.handle(event, payload(handler, event))))
                .map(ran -> {
                    if (ran) {
                        handler.committed(event);
                        return Outcome.PROCESSED;
                    }
                    return Outcome.DUPLICATE;
                })
                .onFailure().recoverWithUni(failure -> failed(handler, event, raw, attempt,
                        firstFailure == null ? clock.instant() : firstFailure, outageWaits, failure));
    }

    private <P> Uni<Outcome> failed(EventHandler<P> handler, EventEnvelope event, String raw, int attempt,
            Instant firstFailure, int outageWaits, Throwable failure) {
        if (failure instanceof EventRejected) {
            LOG.warnf("Event %s (%s) rejected by %s, parked: %s", event.id(), event.type(), handler.name(),
                    failure.getMessage());
            return park(handler, event, raw, attempt, firstFailure, failure);
        }
        return store.reachable().onFailure().recoverWithItem(false).chain(up -> {
            if (!up) {
                // the database is away: not the event's fault, and nothing can be parked either
                warnOutage(handler, event, failure);
                return sleep.apply(backoff(outageWaits + 1, config.outageBackoff()))
                        .chain(() -> attempt(handler, event, raw, attempt, firstFailure, outageWaits + 1));
            }
            if (attempt >= config.maxAttempts()) {
                LOG.warnf(failure, "Event %s (%s) failed %d times in %s, parked", event.id(), event.type(), attempt,
                        handler.name());
                return park(handler, event, raw, attempt, firstFailure, failure);
            }
            LOG.debugf("Event %s (%s) failed attempt %d in %s: %s", event.id(), event.type(), attempt, handler.name(),
                    failure);
            return sleep.apply(backoff(attempt, config.maxBackoff()))
                    .chain(() -> attempt(handler, event, raw, attempt + 1, firstFailure, 0));
        });
    }

    private <P> Uni<Outcome> park(EventHandler<P> handler, EventEnvelope event, String raw, int attempts,
            Instant firstFailure, Throwable failure) {
        return parkForGood(new Parking(handler.name(), event, raw, describe(failure), attempts, firstFailure,
                clock.instant())).replaceWith(Outcome.PARKED);
    }

    /** Parks, retrying while the database cannot take the row: an event is acknowledged only once it is kept. */
    public Uni<Void> parkForGood(Parking parking) {
        return parkForGood(parking, 1);
    }

    private Uni<Void> parkForGood(Parking parking, int tries) {
        return Uni.createFrom().deferred(() -> store.park(parking)).onFailure().recoverWithUni(failure -> {
            LOG.warnf("Event %s could not be parked yet (%s), trying again", parking.event() == null ? "?"
                    : parking.event().id(), failure.toString());
            return sleep.apply(backoff(tries, config.outageBackoff())).chain(() -> parkForGood(parking, tries + 1));
        });
    }

    private <P> P payload(EventHandler<P> handler, EventEnvelope event) {
        try {
            return event.payloadAs(mapper, handler.payloadType());
        } catch (IllegalArgumentException e) {
            throw new EventRejected(e.getMessage(), e);
        }
    }

    /** The wait before try {@code n + 1}: the initial backoff doubled {@code n - 1} times, at most {@code max}. */
    Duration backoff(int n, Duration max) {
        long millis = config.initialBackoff().toMillis() << Math.min(20, Math.max(0, n - 1));
        return Duration.ofMillis(Math.min(millis, max.toMillis()));
    }

    private void warnOutage(EventHandler<?> handler, EventEnvelope event, Throwable failure) {
        long now = System.nanoTime();
        long due = nextOutageLog.get();
        if (now - due >= 0 && nextOutageLog.compareAndSet(due, now + OUTAGE_LOG_INTERVAL_NANOS)) {
            LOG.warnf("The database does not answer: event %s (%s) waits in %s until it does (%s)", event.id(),
                    event.type(), handler.name(), failure.toString());
        }
    }

    /** The failure as an operator reads it: its class and message, and those of its root cause. */
    static String describe(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String own = failure.getClass().getName() + ": " + failure.getMessage();
        return root == failure ? own : own + " (caused by " + root.getClass().getName() + ": " + root.getMessage() + ")";
    }
}
