package dev.marketplace.catalog.messaging;

import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.Outbox;
import dev.marketplace.common.security.Caller;
import io.smallrye.mutiny.Uni;

/** Records catalogue domain events in the outbox, in the caller's transaction. */
@ApplicationScoped
public class CatalogEvents {
    public static final String SOURCE = "catalog-service";

    private final Outbox outbox;
    private final ObjectMapper mapper;
    private final Caller caller;

    public CatalogEvents(Outbox outbox, ObjectMapper mapper, Caller caller) {
        this.outbox = outbox;
        this.mapper = mapper;
        this.caller = caller;
    }

    /** Appends the event; emits its id. */
    public Uni<UUID> publish(String type, String partner, String aggregateType, String aggregateId, Object payload) {
        EventEnvelope event = EventEnvelope.of(type, partner, SOURCE, aggregateType, aggregateId, creator(),
                mapper.valueToTree(payload));
        return outbox.append(event).replaceWith(event.id());
    }

    private Map<String, Object> creator() {
        Map<String, Object> creator = new HashMap<>();
        creator.put("consumerKey", caller.consumerKey());
        caller.user().ifPresent(user -> creator.put("uuid", user.toString()));
        return creator;
    }
}
