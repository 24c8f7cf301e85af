package dev.marketplace.reseller.company.domain;

import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/**
 * A company a reseller asked for that account-service has not confirmed yet. Its id is the idempotency key of the
 * creation in account-service, so every attempt (the request's own retries, the client's retry with the same
 * externalId, the recovery job) creates the same company. Removed when the link is recorded, or when account-service
 * refuses the creation.
 */
@Entity
@Table(name = "company_creation")
public class CompanyCreation extends PanacheEntityBase {
    @Id
    public UUID id;
    public String partner;
    public UUID resellerCompanyId;
    public String externalId;
    @Enumerated(EnumType.STRING)
    public CompanyAccessType companyAccess;
    /** The body sent to account-service (JSON), the same on every attempt. */
    public String request;
    /** The event creator of the request that asked for the company (JSON). */
    public String creator;
    public Instant createdOn;
    public int attempts;
    public Instant nextAttemptAt;
}
