package dev.marketplace.common.events.inbox;

import java.util.Set;

import dev.marketplace.common.events.EventEnvelope;

/**
 * An {@link EventHandler} that states what it takes once, in its constructor: its name, the payload's record, the
 * source it listens to (null: any) and its event types. A handler then writes only {@link #handle}. Declare the
 * subclass {@code @Singleton}: a normal-scoped bean needs a no-argument constructor for its proxy, which this has not.
 */
public abstract class TypedEventHandler<P> implements EventHandler<P> {
    private final String name;
    private final Class<P> payloadType;
    private final String source;
    private final Set<String> types;

    protected TypedEventHandler(String name, Class<P> payloadType, String source, Set<String> types) {
        this.name = name;
        this.payloadType = payloadType;
        this.source = source;
        this.types = Set.copyOf(types);
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final Set<String> types() {
        return types;
    }

    @Override
    public final Class<P> payloadType() {
        return payloadType;
    }

    @Override
    public boolean accepts(EventEnvelope event) {
        return source == null || source.equals(event.source());
    }
}
