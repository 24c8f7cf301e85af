package dev.marketplace.common.events;

import java.util.List;
import java.util.function.Supplier;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;

/**
 * The W3C trace context ({@code traceparent}) across the hops that OpenTelemetry's automatic instrumentation cannot
 * follow: it is stored with an outbox row so that the relay can put it in the Kafka record's headers (the consumer's
 * span then continues the trace of the request that caused the event), and a consumer that hands work over to a
 * scheduled job stores it again and restores it around the call it makes later.
 */
public final class TraceContext {
    /** The Kafka record header (and HTTP header) name of the W3C trace context. */
    public static final String TRACEPARENT = "traceparent";

    private static final TextMapGetter<String> GETTER = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(String carrier) {
            return List.of(TRACEPARENT);
        }

        @Override
        public String get(String carrier, String key) {
            return TRACEPARENT.equals(key) ? carrier : null;
        }
    };

    private TraceContext() {
    }

    /** {@code 00-<trace id>-<span id>-<flags>}, or null when no span is recording (tracing off, or outside a request). */
    public static String currentTraceparent() {
        SpanContext context = Span.current().getSpanContext();
        if (!context.isValid()) {
            return null;
        }
        return "00-" + context.getTraceId() + "-" + context.getSpanId() + "-" + context.getTraceFlags().asHex();
    }

    /** The context a {@code traceparent} names, or null when it is absent or malformed. */
    static Context parse(String traceparent) {
        if (traceparent == null || traceparent.isBlank()) {
            return null;
        }
        Context context = W3CTraceContextPropagator.getInstance().extract(Context.root(), traceparent, GETTER);
        return Span.fromContext(context).getSpanContext().isValid() ? context : null;
    }

    /**
     * Makes {@code traceparent} the current trace context for the rest of the work on this duplicated Vert.x context
     * (one message's or one request's own context), when no span is current yet. Elsewhere it does nothing: a context
     * shared with other work must not take this one's trace.
     */
    public static void continueTrace(String traceparent) {
        Context context = parse(traceparent);
        if (context != null && !Span.current().getSpanContext().isValid() && VertxContext.isOnDuplicatedContext()) {
            // no scope to close: the duplicated context ends with the work it carries
            context.makeCurrent();
        }
    }

    /**
     * Runs {@code call} on a duplicated Vert.x context of its own whose current trace context is {@code traceparent}, so
     * that what it does (an HTTP client call, for instance) joins that trace. Without a trace context it just runs it.
     */
    public static <T> Uni<T> callIn(String traceparent, Supplier<Uni<T>> call) {
        Context context = parse(traceparent);
        io.vertx.core.Context current = Vertx.currentContext();
        if (context == null || current == null) {
            return Uni.createFrom().deferred(call::get);
        }
        io.vertx.core.Context own = VertxContext.createNewDuplicatedContext(current);
        // the outcome is handed back on the caller's context: what follows (a transaction, say) runs where it started
        return Uni.createFrom().emitter(emitter -> own.runOnContext(ignored -> {
            context.makeCurrent(); // this duplicated context is the call's alone
            try {
                call.get().subscribe().with(item -> current.runOnContext(v -> emitter.complete(item)),
                        failure -> current.runOnContext(v -> emitter.fail(failure)));
            } catch (RuntimeException e) {
                current.runOnContext(v -> emitter.fail(e));
            }
        }));
    }
}
