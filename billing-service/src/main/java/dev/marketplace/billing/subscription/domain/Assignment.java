package dev.marketplace.billing.subscription.domain;

import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** A user assigned to a subscription (the vendor hears USER_ASSIGNMENT / USER_UNASSIGNMENT). */
@Entity
@Table(name = "subscription_assignment")
public class Assignment extends PanacheEntityBase {
    @Id
    public UUID id;
    @Column(nullable = false)
    public UUID subscriptionId;
    @Column(nullable = false)
    public UUID userUuid;
    public String email;
    public String firstName;
    public String lastName;
    public String locale;
    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public AssignmentStatus status;
    public String errorCode;
    public String errorMessage;
    @Column(nullable = false)
    public Instant createdOn;
    @Column(nullable = false)
    public Instant lastModified;
    @Version
    public long version;
}
