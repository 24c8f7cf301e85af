package dev.marketplace.billing.collection.domain;

import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/**
 * The collection of one invoice whose due date came while it was UNPAID: attempts made (definite failures), when the
 * next is due in billing time, and the lease (real time) of the replica making one.
 */
@Entity
@Table(name = "invoice_collection")
public class InvoiceCollection extends PanacheEntityBase {
    @Id
    public UUID invoiceId;
    @Column(nullable = false)
    public String partner;
    @Column(nullable = false)
    public Long invoiceNumber;
    @Column(nullable = false)
    public Instant dueDate;
    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public CollectionState state;
    public int attempts;
    public Instant nextAttemptAt;
    public Instant leaseUntil;
    /** What the last attempt gave (a {@code PaymentService.Collected} name). */
    public String lastOutcome;
    public Instant lastAttemptOn;
    @Column(nullable = false)
    public Instant updatedOn;
}
