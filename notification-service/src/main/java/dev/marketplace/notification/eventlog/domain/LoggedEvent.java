package dev.marketplace.notification.eventlog.domain;

import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/**
 * One domain event of the suite as the event log keeps it: the envelope's fields, the payload without its
 * {@code notifications} (recipients and their parameters, such as temporary passwords, stay out of the log), order and
 * subscription ids pulled out of the payload for filtering, and the vendor-delivery status of AppDirect's EventWS
 * (null until a vendor is notified of the event).
 */
@Entity
@Table(name = "event_log")
public class LoggedEvent extends PanacheEntityBase {
    @Id
    public UUID id;
    @Column(nullable = false)
    public String type;
    public String partner;
    public String source;
    public String aggregateType;
    public String aggregateId;
    /** JSON object. */
    public String creator;
    /** JSON object. */
    public String payload;
    public Long orderId;
    public Long subscriptionId;
    @Column(nullable = false)
    public Instant occurredOn;
    @Column(nullable = false)
    public Instant receivedOn;
    public Boolean consumed;
    public Boolean successful;
    public Boolean asynchronous;
    public Boolean manuallyResolved;
    public String errorCode;
    public String errorMessage;
    /** Where the vendor notification of this event stands (VendorEventStatus name), null when no vendor is concerned. */
    public String vendorStatus;
}
