package dev.marketplace.billing.messaging;

import java.util.HashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.Outbox;
import io.smallrye.mutiny.Uni;

/** Records billing domain events in the outbox, in the caller's transaction. */
@ApplicationScoped
public class BillingEvents {
    public static final String SOURCE = "billing-service";

    private final Outbox outbox;
    private final ObjectMapper mapper;

    public BillingEvents(Outbox outbox, ObjectMapper mapper) {
        this.outbox = outbox;
        this.mapper = mapper;
    }

    /** {@code creator} is who caused the event (consumer key and user), captured while serving the request. */
    public Uni<Void> publish(String type, String partner, String aggregateId, Map<String, Object> creator, Object payload) {
        return outbox.append(EventEnvelope.of(type, partner, SOURCE, "SUBSCRIPTION", aggregateId,
                creator == null ? new HashMap<>() : creator, mapper.valueToTree(payload)));
    }
}
