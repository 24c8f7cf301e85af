package dev.marketplace.notification.support;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;

/**
 * Runs a background job at most once at a time in this process, either from its schedule ({@link #tick()}) or at once
 * when there is new work ({@link #wakeUp()}, e.g. right after an event was committed), so work waits neither for the
 * scheduler's one-second resolution nor behind another run: a wake-up during a run makes that run go once more.
 * Wake-ups run on a new safe Vert.x sub-context, as Hibernate Reactive requires.
 */
public final class SoloRunner {
    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicBoolean wanted = new AtomicBoolean();
    private final io.vertx.core.Vertx vertx;
    private final Supplier<Uni<Void>> work;

    /** {@code work} must not fail (recover inside). */
    public SoloRunner(io.vertx.core.Vertx vertx, Supplier<Uni<Void>> work) {
        this.vertx = vertx;
        this.work = work;
    }

    /** For the scheduled method: runs unless a run is under way. */
    public Uni<Void> tick() {
        if (!running.compareAndSet(false, true)) {
            return Uni.createFrom().voidItem();
        }
        wanted.set(false);
        return Uni.createFrom().deferred(work::get).eventually(this::finished);
    }

    public void wakeUp() {
        wanted.set(true);
        if (!running.compareAndSet(false, true)) {
            return;
        }
        io.vertx.core.Context context = VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext());
        VertxContextSafetyToggle.setContextSafe(context, true);
        context.runOnContext(ignored -> {
            wanted.set(false);
            Uni.createFrom().deferred(work::get).subscribe().with(done -> finished(), failure -> finished());
        });
    }

    private void finished() {
        running.set(false);
        if (wanted.get()) {
            wakeUp();
        }
    }
}
