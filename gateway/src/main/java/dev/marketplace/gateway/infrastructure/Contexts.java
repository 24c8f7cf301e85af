package dev.marketplace.gateway.infrastructure;

import io.vertx.core.Context;
import io.vertx.core.Vertx;

/** Bringing a callback back to the request's Vert.x context, the only thread that may touch the request. */
public final class Contexts {
    private Contexts() {
    }

    /** Runs the action on the context: at once when already there (mostly, see PerEventLoop), else as a task on it. */
    public static void runOn(Context context, Runnable action) {
        if (Vertx.currentContext() == context) {
            action.run();
        } else {
            context.runOnContext(v -> action.run());
        }
    }
}
