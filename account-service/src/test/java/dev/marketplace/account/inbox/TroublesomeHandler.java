package dev.marketplace.account.inbox;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.inbox.EventHandler;
import io.smallrye.mutiny.Uni;

/**
 * A handler of the test application only (type {@code TEST_THING}): it records what it applied and refuses every
 * payload with {@code "poison": true} until told to accept them ({@link #cured}).
 */
@ApplicationScoped
public class TroublesomeHandler implements EventHandler<JsonNode> {
    public static final String TYPE = "TEST_THING";
    public static final List<String> APPLIED = new CopyOnWriteArrayList<>();
    public static final AtomicBoolean CURED = new AtomicBoolean();

    @Override
    public String name() {
        return "test-things";
    }

    @Override
    public Set<String> types() {
        return Set.of(TYPE);
    }

    @Override
    public Class<JsonNode> payloadType() {
        return JsonNode.class;
    }

    @Override
    public Uni<Void> handle(EventEnvelope event, JsonNode payload) {
        if (payload.path("poison").asBoolean() && !CURED.get()) {
            return Uni.createFrom().failure(new IllegalStateException("a payload this handler always refuses"));
        }
        APPLIED.add(payload.path("name").asText());
        return Uni.createFrom().voidItem();
    }
}
