package dev.marketplace.notification.delivery.domain;

import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import dev.marketplace.notification.workqueue.QueuedWork;

/**
 * One message to one recipient, from entry {@code notificationIndex} of an event's {@code notifications}. The triple
 * (event, index, recipient) is unique, so a message exists once however often the event is delivered. Sent through
 * the {@code notification_delivery} work queue.
 */
@Entity
@Table(name = "notification_delivery")
public class Delivery extends QueuedWork {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    @Column(nullable = false)
    public UUID eventId;
    public int notificationIndex;
    @Column(nullable = false)
    public String recipient;
    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public Channel channel;
    @Column(nullable = false)
    public String type;
    public String locale;
    public String partner;
    /** JSON object of string values; cleared once the message is sent or given up (it may hold secrets). */
    public String parameters;
    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public DeliveryStatus status;
    @Column(nullable = false)
    public Instant createdOn;
    public Instant sentOn;
}
