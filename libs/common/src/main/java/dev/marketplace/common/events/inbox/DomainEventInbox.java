package dev.marketplace.common.events.inbox;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.TraceContext;
import io.quarkus.arc.properties.IfBuildProperty;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;

/**
 * The consuming side of the outbox: reads the domain-event topic ({@code domain-events} channel) and hands each event to
 * every {@link EventHandler} bean of the service that handles its type, one after the other, with the rules of
 * {@link InboxProcessor}. A record that is not an event envelope is parked as it came. The offset is acknowledged once
 * every handler has processed or parked the event. A service turns it on at build time with
 * {@code marketplace.consumer.enabled=true} and configures the channel ({@code mp.messaging.incoming.domain-events.*}).
 */
@ApplicationScoped
@IfBuildProperty(name = "marketplace.consumer.enabled", stringValue = "true")
public class DomainEventInbox {
    /** The name a record that is no envelope is parked under: no handler can take it. */
    public static final String UNREADABLE = "domain-events";
    private static final String EVERY = EventHandler.EVERY_TYPE.iterator().next();
    private static final Logger LOG = Logger.getLogger(DomainEventInbox.class);

    private final ObjectMapper mapper;
    private final InboxProcessor processor;
    private final Map<String, List<EventHandler<?>>> byType = new HashMap<>();
    private final Map<String, EventHandler<?>> byName = new HashMap<>();

    public DomainEventInbox(ObjectMapper mapper, PanacheInboxStore store, InboxConfig config,
            Instance<EventHandler<?>> handlers) {
        this.mapper = mapper;
        this.processor = new InboxProcessor(store, config, mapper, DomainEventInbox::sleep, Clock.systemUTC());
        for (EventHandler<?> handler : handlers) {
            if (byName.put(handler.name(), handler) != null) {
                throw new IllegalStateException("Two event handlers are named " + handler.name());
            }
            handler.types().forEach(type -> byType.computeIfAbsent(type, t -> new ArrayList<>()).add(handler));
        }
    }

    @Incoming("domain-events")
    public Uni<Void> consume(ConsumerRecord<String, String> record) {
        Header traceparent = record.headers().lastHeader(TraceContext.TRACEPARENT);
        TraceContext.continueTrace(traceparent == null ? null : new String(traceparent.value(), StandardCharsets.UTF_8));
        String raw = record.value();
        EventEnvelope event;
        try {
            event = mapper.readValue(raw, EventEnvelope.class);
            if (event.id() == null || event.type() == null) {
                throw new IllegalArgumentException("it has no id or no type");
            }
        } catch (Exception e) {
            LOG.warnf("A record at %s-%d@%d is not an event envelope, parked: %s", record.topic(), record.partition(),
                    record.offset(), e.getMessage());
            return processor.parkForGood(new InboxProcessor.Parking(UNREADABLE, null, raw == null ? "" : raw,
                    "not an event envelope: " + e.getMessage(), 1, java.time.Instant.now(), java.time.Instant.now()));
        }
        List<EventHandler<?>> handlers = new ArrayList<>(byType.getOrDefault(EVERY, List.of()));
        handlers.addAll(byType.getOrDefault(event.type(), List.of()));
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (EventHandler<?> handler : handlers) {
            if (handler.accepts(event)) {
                chain = chain.chain(() -> processor.deliver(handler, event, raw).replaceWithVoid());
            }
        }
        return chain;
    }

    /** The handler registered under {@code name}, or null. */
    public EventHandler<?> handler(String name) {
        return byName.get(name);
    }

    InboxProcessor processor() {
        return processor;
    }

    /**
     * A pause that resumes on the caller's Vert.x context: the next attempt opens a reactive session, which must run
     * there.
     */
    static Uni<Void> sleep(Duration duration) {
        Context context = Vertx.currentContext();
        if (context == null) {
            return Uni.createFrom().voidItem().onItem().delayIt().by(duration);
        }
        return Uni.createFrom().emitter(emitter -> context.owner().setTimer(Math.max(1, duration.toMillis()),
                id -> context.runOnContext(ignored -> emitter.complete(null))));
    }
}
