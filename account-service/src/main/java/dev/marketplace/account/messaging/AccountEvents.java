package dev.marketplace.account.messaging;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.Outbox;
import dev.marketplace.common.security.Caller;
import io.smallrye.mutiny.Uni;

/** Records account domain events in the outbox, in the caller's transaction. */
@ApplicationScoped
public class AccountEvents {
    public static final String SOURCE = "account-service";

    private final Outbox outbox;
    private final ObjectMapper mapper;
    private final Caller caller;

    public AccountEvents(Outbox outbox, ObjectMapper mapper, Caller caller) {
        this.outbox = outbox;
        this.mapper = mapper;
        this.caller = caller;
    }

    public Uni<Void> publish(String type, String partner, String aggregateType, String aggregateId, Object payload) {
        return publish(type, partner, aggregateType, aggregateId, payload, List.of());
    }

    /** Same, asking notification-service to send {@code notifications} (added to the payload as {@code notifications}). */
    public Uni<Void> publish(String type, String partner, String aggregateType, String aggregateId, Object payload,
            List<Notification> notifications) {
        JsonNode body = mapper.valueToTree(payload);
        if (!notifications.isEmpty()) {
            ObjectNode object = body instanceof ObjectNode o ? o : mapper.createObjectNode().set("value", body);
            object.set("notifications", mapper.valueToTree(notifications));
            body = object;
        }
        return outbox.append(EventEnvelope.of(type, partner, SOURCE, aggregateType, aggregateId, creator(), body));
    }

    private Map<String, Object> creator() {
        Map<String, Object> creator = new HashMap<>();
        creator.put("consumerKey", caller.consumerKey());
        caller.user().ifPresent(user -> creator.put("uuid", user.toString()));
        return creator;
    }
}
