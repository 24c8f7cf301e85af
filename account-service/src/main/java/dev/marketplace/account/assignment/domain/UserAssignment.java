package dev.marketplace.account.assignment.domain;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/**
 * An application a member holds: the projection of billing-service's subscription (company entitlement) and user
 * assignment events, one row per (subscription, user). The purchaser holds the subscription they bought; other members
 * hold it once assigned. {@code status} is what the assignments listing shows: FAILED or CANCELLED (ended, not listed,
 * not blocking), otherwise PENDING_REMOTE_CREATION, ACTIVE or PENDING_REMOTE_CANCELLATION.
 */
@Entity
@Table(name = "user_assignment")
public class UserAssignment extends PanacheEntityBase {
    /** Statuses that are not listed and do not block a deletion. */
    public static final Set<String> ENDED = Set.of("FAILED", "CANCELLED");

    @Id
    public UUID uuid;
    public UUID companyUuid;
    public UUID userUuid;
    public Long productId;
    public String productName;
    /** Derived from {@link #subscriptionStatus} and {@link #assignmentStatus} (see {@code AssignmentProjection}). */
    public String status;
    /** The member who bought (owns) the company entitlement behind this assignment. */
    public UUID ownerUuid;
    public Instant createdOn;

    /** billing-service's subscription id; null only for rows written before the projection existed. */
    public UUID subscriptionId;
    public String editionName;
    /** For an add-on subscription: the subscription it was ordered against, once billing's events named it. */
    public UUID parentSubscriptionId;
    /** The vendor's account of the subscription (billing's accountIdentifier), once known. */
    public String accountIdentifier;
    /** billing's subscription status: PENDING_REMOTE_CREATION, ACTIVE, FAILED, PENDING_REMOTE_CANCELLATION, CANCELLED. */
    public String subscriptionStatus;
    /**
     * billing's assignment status of this user: PENDING_REMOTE_ASSIGNMENT, ASSIGNED, FAILED,
     * PENDING_REMOTE_UNASSIGNMENT, UNASSIGNED; ASSIGNED for the purchaser until billing says otherwise.
     */
    public String assignmentStatus;
    /** When the event the subscription half came from occurred. */
    public Instant subscriptionEventOn;
    /** When the event the assignment half came from occurred. */
    public Instant assignmentEventOn;
    public Instant lastModified;
}
