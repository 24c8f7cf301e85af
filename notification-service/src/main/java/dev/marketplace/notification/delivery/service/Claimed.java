package dev.marketplace.notification.delivery.service;

import java.util.UUID;

import dev.marketplace.notification.delivery.domain.Channel;
import dev.marketplace.notification.delivery.domain.Delivery;

/** A message the job claimed (status SENDING): everything needed to render and send it. */
public record Claimed(long id, UUID eventId, int notificationIndex, String recipient, Channel channel, String type,
        String locale, String partner, String parameters, int attempts) {

    static Claimed of(Delivery d) {
        return new Claimed(d.id, d.eventId, d.notificationIndex, d.recipient, d.channel, d.type, d.locale, d.partner,
                d.parameters, d.attempts);
    }
}
