package dev.marketplace.account.domains.domain;

import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** An internet domain a company claims; add-user accepts only emails of its VERIFIED domains. */
@Entity
@Table(name = "company_domain")
public class CompanyDomain extends PanacheEntityBase {
    public enum Status {
        PENDING_VERIFICATION, VERIFIED
    }

    @Id
    public UUID uuid;
    public UUID companyUuid;
    public String name;
    @Enumerated(EnumType.STRING)
    public Status status;
    public String verificationToken;
    /** DNS or CHANNEL_ADMIN. */
    public String verifiedBy;
    public Instant createdOn;
    public Instant verifiedOn;
}
