package dev.marketplace.billing.collection.domain;

import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** A subscription an OVERDUE invoice keeps suspended, until the invoice is paid (then {@code reactivatedOn}). */
@Entity
@Table(name = "collection_suspension")
public class CollectionSuspension extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    @Column(nullable = false)
    public UUID invoiceId;
    @Column(nullable = false)
    public UUID subscriptionId;
    @Column(nullable = false)
    public Instant suspendedOn;
    public Instant reactivatedOn;
}
