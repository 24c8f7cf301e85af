package dev.marketplace.account.provisioning.domain;

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
 * A provisioning request another service made with an idempotency key, and what it created: a retry with the same key
 * is answered with that company or member instead of creating a second one.
 */
@Entity
@Table(name = "provisioning_request")
public class ProvisioningRequest extends PanacheEntityBase {
    public enum Kind {
        COMPANY, MEMBER
    }

    @Id
    public UUID idempotencyKey;
    @Column(nullable = false)
    public String partner;
    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public Kind kind;
    /** SHA-256 of the request: the same key with another request is refused. */
    @Column(nullable = false)
    public String requestHash;
    @Column(nullable = false)
    public UUID companyUuid;
    public UUID userUuid;
    @Column(nullable = false)
    public Instant createdOn;
}
