package dev.marketplace.account.messaging;

import java.util.HashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.ObjectMapper;

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
        return outbox.append(EventEnvelope.of(type, partner, SOURCE, aggregateType, aggregateId, creator(),
                mapper.valueToTree(payload)));
    }

    private Map<String, Object> creator() {
        Map<String, Object> creator = new HashMap<>();
        creator.put("consumerKey", caller.consumerKey());
        caller.user().ifPresent(user -> creator.put("uuid", user.toString()));
        return creator;
    }
}
