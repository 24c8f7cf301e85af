package dev.marketplace.account.membership.domain;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** An application assigned to a member (projection of the entitlement owned by billing). */
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
    public String status;
    /** The member who bought (owns) the company entitlement behind this assignment. */
    public UUID ownerUuid;
    public Instant createdOn;
}
