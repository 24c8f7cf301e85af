package dev.marketplace.common.events.inbox;

import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * An event a consumer could not apply, as operators see it: what it is, why it failed, how often, and what became of
 * it ({@code PARKED}, {@code PROCESSED} after a retry, {@code DISCARDED} with a reason). Times are epoch milliseconds;
 * {@code envelope} (the event as it came) is shown by the single-event read only.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ParkedEvent(UUID id, String consumer, UUID eventId, String eventType, String partner, String status,
        String error, int attempts, long firstFailedOn, long lastFailedOn, Long resolvedOn, String resolution,
        String resolvedBy, JsonNode envelope) {

    public static final String PARKED = "PARKED";
    public static final String PROCESSED = "PROCESSED";
    public static final String DISCARDED = "DISCARDED";

    ParkedEvent withoutEnvelope() {
        return new ParkedEvent(id, consumer, eventId, eventType, partner, status, error, attempts, firstFailedOn,
                lastFailedOn, resolvedOn, resolution, resolvedBy, null);
    }
}
