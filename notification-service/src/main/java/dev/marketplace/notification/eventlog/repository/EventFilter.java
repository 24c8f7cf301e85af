package dev.marketplace.notification.eventlog.repository;

import java.time.Instant;

/** The event-log query of one partner; null fields do not filter. */
public record EventFilter(String partner, Instant from, Instant to, Long orderId, String type, String searchText,
        boolean ascending) {
}
