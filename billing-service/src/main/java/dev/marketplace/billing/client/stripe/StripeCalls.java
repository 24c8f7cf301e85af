package dev.marketplace.billing.client.stripe;

import java.util.function.Supplier;

import com.stripe.net.RequestOptions;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Context;
import io.vertx.core.Vertx;

/** How the blocking SDK is called from reactive code. */
final class StripeCalls {
    private StripeCalls() {
    }

    static RequestOptions keyed(String idempotencyKey) {
        return RequestOptions.builder().setIdempotencyKey(idempotencyKey).build();
    }

    /**
     * Runs a blocking SDK call on a worker thread; the answer comes back on the caller's Vert.x context, so that a
     * reactive transaction may go on with it.
     */
    static <T> Uni<T> blocking(Supplier<T> call) {
        Context context = Vertx.currentContext();
        if (context == null) {
            return Uni.createFrom().item(call).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
        }
        return Uni.createFrom().completionStage(() -> context.executeBlocking(call::get, false).toCompletionStage());
    }
}
