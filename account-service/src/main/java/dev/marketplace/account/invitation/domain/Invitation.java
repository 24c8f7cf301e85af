package dev.marketplace.account.invitation.domain;

import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/**
 * An invitation to join a company; accepted once through its secret token, before {@code expiresOn}. EXPIRED is not
 * stored: a PENDING invitation past {@code expiresOn} shows as EXPIRED.
 */
@Entity
@Table(name = "invitation")
public class Invitation extends PanacheEntityBase {
    public enum Status {
        PENDING, ACCEPTED, REVOKED
    }

    @Id
    public UUID uuid;
    public UUID companyUuid;
    public String email;
    /** Role in the invitation spelling (USER, SYS_ADMIN, ...). */
    public String role;
    public String token;
    public UUID inviterUuid;
    public UUID userUuid;
    @Enumerated(EnumType.STRING)
    public Status status;
    public Instant createdOn;
    public Instant lastModified;
    /** After this instant a PENDING invitation can no longer be accepted. */
    public Instant expiresOn;

    /** A pending invitation whose lifetime is over. */
    public boolean expired(Instant now) {
        return status == Status.PENDING && expiresOn != null && !now.isBefore(expiresOn);
    }
}
