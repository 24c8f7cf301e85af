package dev.marketplace.common.events;

import java.util.UUID;

/** An unsent row of {@code outbox_event}, as the relay reads it and publishes it. */
record OutboxRow(UUID id, String aggregateId, String type, String envelope, String traceparent) {
}
