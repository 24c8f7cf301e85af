package dev.marketplace.notification;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import io.quarkus.arc.Arc;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;

/** Runs reactive database work from a test thread: in a transaction, on a safe Vert.x context, as Hibernate Reactive needs. */
public final class Transactions {
    private Transactions() {
    }

    public static <T> T inTransaction(Supplier<Uni<T>> work) {
        io.vertx.core.Vertx vertx = Arc.container().instance(io.vertx.core.Vertx.class).get();
        io.vertx.core.Context context = VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext());
        VertxContextSafetyToggle.setContextSafe(context, true);
        CompletableFuture<T> result = new CompletableFuture<>();
        context.runOnContext(ignored -> Panache.withTransaction(work).subscribe().with(result::complete,
                result::completeExceptionally));
        try {
            return result.get(20, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
