package dev.marketplace.common.events;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;

/**
 * The W3C {@code traceparent} of the current span, stored with an outbox row so that the relay can put it in the Kafka
 * record's headers: the consumer's span then continues the trace of the request that caused the event.
 */
public final class TraceContext {
    /** The Kafka record header (and HTTP header) name of the W3C trace context. */
    public static final String TRACEPARENT = "traceparent";

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
}
