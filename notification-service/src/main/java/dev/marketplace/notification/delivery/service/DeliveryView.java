package dev.marketplace.notification.delivery.service;

import dev.marketplace.notification.delivery.domain.Delivery;

/** A delivery record as operators read it (parameters are never shown: they may hold secrets). */
public record DeliveryView(long id, String eventId, int notificationIndex, String recipient, String channel, String type,
        String locale, String status, int attempts, String lastError, long createdOn, Long lastAttemptOn, Long sentOn,
        Long nextAttemptOn) {

    static DeliveryView of(Delivery d) {
        return new DeliveryView(d.id, d.eventId.toString(), d.notificationIndex, d.recipient, d.channel.name(), d.type,
                d.locale, d.status.name(), d.attempts, d.lastError, d.createdOn.toEpochMilli(),
                d.lastAttemptOn == null ? null : d.lastAttemptOn.toEpochMilli(),
                d.sentOn == null ? null : d.sentOn.toEpochMilli(),
                d.status.name().equals("PENDING") ? d.nextAttemptAt.toEpochMilli() : null);
    }
}
