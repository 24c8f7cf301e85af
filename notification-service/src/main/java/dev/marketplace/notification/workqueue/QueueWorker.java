package dev.marketplace.notification.workqueue;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import org.jboss.logging.Logger;

import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;

/**
 * Works a {@link WorkQueue} off: first {@code housekeeping} (lapsed claims, overdue rows), then batches of claimed work
 * until a batch comes back smaller than {@code batchSize}. One run at a time in this process, started either by the
 * owner's schedule ({@link #tick()}, for retries that come due) or at once when there is new work ({@link #wakeUp()},
 * e.g. right after the transaction that stored it committed), so work waits neither for the scheduler's one-second
 * resolution nor behind another run: a wake-up during a run makes that run go once more. Wake-ups run on a new safe
 * Vert.x sub-context, as Hibernate Reactive requires. A failed run is logged and retried on the next tick.
 */
public final class QueueWorker {
    private static final Logger LOG = Logger.getLogger(QueueWorker.class);

    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicBoolean wanted = new AtomicBoolean();
    private final io.vertx.core.Vertx vertx;
    private final String name;
    private final Supplier<Uni<?>> housekeeping;
    private final Supplier<Uni<Integer>> batch;
    private final int batchSize;

    /** {@code batch} works one batch and emits how many rows it claimed. */
    public QueueWorker(io.vertx.core.Vertx vertx, String name, Supplier<Uni<?>> housekeeping, Supplier<Uni<Integer>> batch,
            int batchSize) {
        this.vertx = vertx;
        this.name = name;
        this.housekeeping = housekeeping;
        this.batch = batch;
        this.batchSize = batchSize;
    }

    /** For the owner's {@code @Scheduled} method: runs unless a run is under way. */
    public Uni<Void> tick() {
        if (!running.compareAndSet(false, true)) {
            return Uni.createFrom().voidItem();
        }
        wanted.set(false);
        return Uni.createFrom().deferred(this::run).eventually(this::finished);
    }

    /** Runs now (new work was committed). */
    public void wakeUp() {
        wanted.set(true);
        if (!running.compareAndSet(false, true)) {
            return;
        }
        io.vertx.core.Context context = VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext());
        VertxContextSafetyToggle.setContextSafe(context, true);
        context.runOnContext(ignored -> {
            wanted.set(false);
            Uni.createFrom().deferred(this::run).subscribe().with(done -> finished(), failure -> finished());
        });
    }

    private Uni<Void> run() {
        return Uni.createFrom().deferred(() -> housekeeping.get().replaceWithVoid())
                .chain(() -> Uni.createFrom().<Integer> deferred(batch::get).repeat().whilst(n -> n == batchSize).collect().last())
                .replaceWithVoid()
                .onFailure().recoverWithItem(e -> {
                    LOG.warnf("The %s queue will be worked again on its next run: %s", name, e.getMessage());
                    return null;
                });
    }

    private void finished() {
        running.set(false);
        if (wanted.get()) {
            wakeUp();
        }
    }
}
