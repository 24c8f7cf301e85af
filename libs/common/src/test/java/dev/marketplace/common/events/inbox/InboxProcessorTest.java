package dev.marketplace.common.events.inbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.events.EventEnvelope;
import io.smallrye.mutiny.Uni;

/**
 * The inbox's rules with a store in memory: an event is processed once however often it is delivered; a failing one is
 * parked after the configured attempts with its envelope as it came, and the next event is processed; a parked event
 * retried is processed once; a rejected one is parked at once; an outage of the database is waited out, not counted.
 */
class InboxProcessorTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** processed_event and parked_event in memory; a failing piece of work leaves no record (its transaction rolls back). */
    static final class MemoryStore implements InboxProcessor.Store {
        final Set<String> processed = new HashSet<>();
        final List<InboxProcessor.Parking> parked = new ArrayList<>();
        final AtomicBoolean up = new AtomicBoolean(true);
        final AtomicInteger failedParks = new AtomicInteger();

        @Override
        public Uni<Boolean> processOnce(String consumer, EventEnvelope event, Supplier<Uni<Void>> work) {
            if (!up.get()) {
                return Uni.createFrom().failure(new IllegalStateException("Connection refused"));
            }
            if (processed.contains(consumer + "/" + event.id())) {
                return Uni.createFrom().item(false);
            }
            return work.get().invoke(() -> processed.add(consumer + "/" + event.id())).replaceWith(true);
        }

        @Override
        public Uni<Void> park(InboxProcessor.Parking parking) {
            if (!up.get()) {
                failedParks.incrementAndGet();
                return Uni.createFrom().failure(new IllegalStateException("Connection refused"));
            }
            parked.add(parking);
            return Uni.createFrom().voidItem();
        }

        @Override
        public Uni<Boolean> reachable() {
            return Uni.createFrom().item(up.get());
        }
    }

    /** Counts what it applied; refuses events whose payload says {@code "poison": true}. */
    static final class CountingHandler implements EventHandler<JsonNode> {
        final List<String> applied = new ArrayList<>();
        final AtomicInteger calls = new AtomicInteger();
        final AtomicInteger committed = new AtomicInteger();

        @Override
        public String name() {
            return "test-handler";
        }

        @Override
        public Set<String> types() {
            return Set.of("THING_HAPPENED");
        }

        @Override
        public Class<JsonNode> payloadType() {
            return JsonNode.class;
        }

        @Override
        public Uni<Void> handle(EventEnvelope event, JsonNode payload) {
            calls.incrementAndGet();
            if (payload.path("poison").asBoolean()) {
                return Uni.createFrom().failure(new IllegalStateException("this payload is always refused"));
            }
            if (payload.path("malformed").asBoolean()) {
                throw new EventRejected("missing field");
            }
            applied.add(payload.path("name").asText());
            return Uni.createFrom().voidItem();
        }

        @Override
        public void committed(EventEnvelope event) {
            committed.incrementAndGet();
        }
    }

    private final MemoryStore store = new MemoryStore();
    private final CountingHandler handler = new CountingHandler();
    private final List<Duration> sleeps = new ArrayList<>();
    private final InboxProcessor processor = new InboxProcessor(store, config(4), MAPPER, d -> {
        sleeps.add(d);
        return Uni.createFrom().voidItem();
    }, Clock.fixed(Instant.parse("2026-11-29T10:00:00Z"), ZoneOffset.UTC));

    static InboxConfig config(int maxAttempts) {
        return new InboxConfig() {
            @Override
            public boolean enabled() {
                return true;
            }

            @Override
            public Duration gaugeInterval() {
                return Duration.ofSeconds(30);
            }

            @Override
            public Duration purgeInterval() {
                return Duration.ofHours(1);
            }

            @Override
            public int maxAttempts() {
                return maxAttempts;
            }

            @Override
            public Duration initialBackoff() {
                return Duration.ofMillis(200);
            }

            @Override
            public Duration maxBackoff() {
                return Duration.ofSeconds(5);
            }

            @Override
            public Duration outageBackoff() {
                return Duration.ofSeconds(10);
            }

            @Override
            public Duration processedRetention() {
                return Duration.ofDays(14);
            }
        };
    }

    private static EventEnvelope event(Map<String, Object> payload) {
        return EventEnvelope.of("THING_HAPPENED", "P1", "test-service", "thing", "t-1", Map.of(), MAPPER.valueToTree(payload));
    }

    private static String raw(EventEnvelope event) throws Exception {
        return MAPPER.writeValueAsString(event);
    }

    @Test
    void anEventDeliveredThreeTimesIsProcessedOnce() throws Exception {
        EventEnvelope e = event(Map.of("name", "first"));
        List<InboxProcessor.Outcome> outcomes = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            outcomes.add(processor.deliver(handler, e, raw(e)).await().indefinitely());
        }
        assertEquals(List.of(InboxProcessor.Outcome.PROCESSED, InboxProcessor.Outcome.DUPLICATE,
                InboxProcessor.Outcome.DUPLICATE), outcomes);
        assertEquals(List.of("first"), handler.applied);
        assertEquals(1, handler.committed.get(), "woken once, after the one commit");
    }

    @Test
    void aPoisonEventIsParkedAfterItsAttemptsWithItsEnvelopeAndTheNextIsProcessed() throws Exception {
        EventEnvelope poison = event(Map.of("poison", true));
        EventEnvelope next = event(Map.of("name", "after the poison"));
        String poisonRaw = raw(poison);

        assertEquals(InboxProcessor.Outcome.PARKED, processor.deliver(handler, poison, poisonRaw).await().indefinitely());
        assertEquals(InboxProcessor.Outcome.PROCESSED, processor.deliver(handler, next, raw(next)).await().indefinitely());

        assertEquals(4, handler.calls.get() - 1, "four attempts at the poison, one at the next event");
        assertEquals(List.of(Duration.ofMillis(200), Duration.ofMillis(400), Duration.ofMillis(800)), sleeps,
                "doubling backoff between the attempts");
        assertEquals(1, store.parked.size());
        InboxProcessor.Parking parked = store.parked.get(0);
        assertEquals(poisonRaw, parked.raw(), "the envelope as it came");
        assertEquals(poison.id(), parked.event().id());
        assertEquals("test-handler", parked.consumer());
        assertEquals(4, parked.attempts());
        assertTrue(parked.error().contains("this payload is always refused"), parked.error());
        assertEquals(List.of("after the poison"), handler.applied);
    }

    @Test
    void aParkedEventRetriedIsProcessedOnceAndResolvedInTheSameWork() throws Exception {
        EventEnvelope e = event(Map.of("name", "late"));
        AtomicInteger resolved = new AtomicInteger();
        Supplier<Uni<Void>> resolve = () -> Uni.createFrom().voidItem().invoke(resolved::incrementAndGet);

        assertTrue(processor.retryParked(handler, e, raw(e), Instant.EPOCH, resolve).await().indefinitely());
        assertTrue(processor.retryParked(handler, e, raw(e), Instant.EPOCH, resolve).await().indefinitely(),
                "a second retry finds it processed");
        assertEquals(List.of("late"), handler.applied, "applied once");
        assertEquals(2, resolved.get(), "the parked row is resolved each time");
    }

    @Test
    void aParkedEventThatFailsAgainStaysParkedWithTheNewFailure() throws Exception {
        EventEnvelope poison = event(Map.of("poison", true));
        assertFalse(processor.retryParked(handler, poison, raw(poison), Instant.EPOCH, () -> Uni.createFrom().voidItem())
                .await().indefinitely());
        assertEquals(1, store.parked.size());
        assertEquals(1, store.parked.get(0).attempts(), "this attempt, added to the earlier ones by the store");
    }

    @Test
    void aRejectedEventIsParkedAtOnce() throws Exception {
        EventEnvelope malformed = event(Map.of("malformed", true));
        assertEquals(InboxProcessor.Outcome.PARKED, processor.deliver(handler, malformed, raw(malformed)).await()
                .indefinitely());
        assertEquals(1, handler.calls.get());
        assertEquals(1, store.parked.get(0).attempts());
        assertTrue(sleeps.isEmpty());
    }

    @Test
    void aPayloadThatDoesNotBindIsRejected() throws Exception {
        EventHandler<Map<?, ?>> typed = new EventHandler<>() {
            @Override
            public String name() {
                return "typed";
            }

            @Override
            public Set<String> types() {
                return Set.of("THING_HAPPENED");
            }

            @SuppressWarnings("unchecked")
            @Override
            public Class<Map<?, ?>> payloadType() {
                return (Class<Map<?, ?>>) (Class<?>) Map.class;
            }

            @Override
            public Uni<Void> handle(EventEnvelope event, Map<?, ?> payload) {
                return Uni.createFrom().voidItem();
            }
        };
        EventEnvelope noPayload = new EventEnvelope(java.util.UUID.randomUUID(), "THING_HAPPENED", 1, "P1", "s", null,
                Map.of(), MAPPER.getNodeFactory().textNode("not an object"));
        assertEquals(InboxProcessor.Outcome.PARKED, processor.deliver(typed, noPayload, "{}").await().indefinitely());
        assertTrue(store.parked.get(0).error().contains("EventRejected"), store.parked.get(0).error());
    }

    @Test
    void anOutageIsWaitedOutWithoutCountingAndParksNothing() throws Exception {
        EventEnvelope e = event(Map.of("name", "during the outage"));
        store.up.set(false);
        AtomicInteger tries = new AtomicInteger();
        InboxProcessor patient = new InboxProcessor(store, config(2), MAPPER, d -> {
            sleeps.add(d);
            // the database comes back after ten waits: far more than the two attempts an event is allowed
            if (tries.incrementAndGet() == 10) {
                store.up.set(true);
            }
            return Uni.createFrom().voidItem();
        }, Clock.systemUTC());
        assertEquals(InboxProcessor.Outcome.PROCESSED, patient.deliver(handler, e, raw(e)).await().indefinitely());
        assertEquals(List.of("during the outage"), handler.applied);
        assertTrue(store.parked.isEmpty(), "an outage parks nothing");
        assertEquals(Duration.ofSeconds(10), sleeps.get(sleeps.size() - 1), "waits grow to the outage backoff");
    }

    @Test
    void parkingWaitsForTheDatabaseRatherThanDroppingTheEvent() throws Exception {
        EventEnvelope e = event(Map.of("poison", true));
        // the handler fails while the database answers; then the database goes away before the event is parked
        InboxProcessor.Store flaky = new InboxProcessor.Store() {
            @Override
            public Uni<Boolean> processOnce(String consumer, EventEnvelope event, Supplier<Uni<Void>> work) {
                return store.processOnce(consumer, event, work).onFailure().invoke(() -> store.up.set(false));
            }

            @Override
            public Uni<Void> park(InboxProcessor.Parking parking) {
                return store.park(parking);
            }

            @Override
            public Uni<Boolean> reachable() {
                return Uni.createFrom().item(true);
            }
        };
        AtomicInteger waits = new AtomicInteger();
        InboxProcessor withFlaky = new InboxProcessor(flaky, config(1), MAPPER, d -> {
            if (waits.incrementAndGet() == 3) {
                store.up.set(true);
            }
            return Uni.createFrom().voidItem();
        }, Clock.systemUTC());
        assertEquals(InboxProcessor.Outcome.PARKED, withFlaky.deliver(handler, e, raw(e)).await().indefinitely());
        assertEquals(1, store.parked.size(), "kept once the database took it");
        assertEquals(3, store.failedParks.get(), "parking was tried while the database was away");
    }
}
