package dev.marketplace.reseller.association.domain;

import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** A customer company linked to a reseller company: the reseller sees the customer, its users and details. */
@Entity
@Table(name = "company_association")
public class CompanyAssociation extends PanacheEntityBase {
    @Id
    public UUID id;
    public String partner;
    public UUID resellerCompanyId;
    public UUID customerCompanyId;
    @Enumerated(EnumType.STRING)
    public AssociationOrigin origin;
    /** For a company the reseller created: the access it asked for (RESELLER, REFERRAL or CUSTOMER). */
    public String companyAccess;
    public Instant createdOn;
}
