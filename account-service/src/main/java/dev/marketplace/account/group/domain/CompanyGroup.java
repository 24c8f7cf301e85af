package dev.marketplace.account.group.domain;

import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** A user group of a company. */
@Entity
@Table(name = "company_group")
public class CompanyGroup extends PanacheEntityBase {
    @Id
    public UUID uuid;
    public UUID companyUuid;
    public String name;
    public String description;
    public Instant createdOn;
    public Instant lastModified;
}
