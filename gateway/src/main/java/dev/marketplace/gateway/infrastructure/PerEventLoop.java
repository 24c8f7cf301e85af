package dev.marketplace.gateway.infrastructure;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;

import io.netty.channel.EventLoop;
import io.vertx.core.impl.ContextInternal;

/**
 * One client per Vert.x event loop, handed to callers on that loop. A Vert.x client opens its connections on the loop
 * of the caller that needed them, so a client used from one loop only keeps the whole request on the thread that read
 * it. A shared client hands each call to whichever loop owns the free connection and the answer back again: on a
 * two-core machine those hand-overs between threads cost more CPU than the gateway's own work.
 */
public final class PerEventLoop<T> {
    private final ConcurrentHashMap<EventLoop, T> clients = new ConcurrentHashMap<>();
    private final Supplier<T> factory;
    private final Consumer<T> closer;
    private volatile T offLoop;

    public PerEventLoop(Supplier<T> factory, Consumer<T> closer) {
        this.factory = factory;
        this.closer = closer;
    }

    /** The client of the calling event loop; callers on other threads (workers, tests) share one more client. */
    public T current() {
        ContextInternal context = ContextInternal.current();
        if (context == null || !context.isEventLoopContext() || !context.nettyEventLoop().inEventLoop()) {
            return offLoop();
        }
        return clients.computeIfAbsent(context.nettyEventLoop(), loop -> factory.get());
    }

    private synchronized T offLoop() {
        if (offLoop == null) {
            offLoop = factory.get();
        }
        return offLoop;
    }

    public synchronized void close() {
        clients.values().forEach(closer);
        clients.clear();
        if (offLoop != null) {
            closer.accept(offLoop);
            offLoop = null;
        }
    }
}
