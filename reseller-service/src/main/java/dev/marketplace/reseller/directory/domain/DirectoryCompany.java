package dev.marketplace.reseller.directory.domain;

import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** An account-service company as reseller-service knows it (read model; account-service owns the company). */
@Entity
@Table(name = "directory_company")
public class DirectoryCompany extends PanacheEntityBase {
    @Id
    public UUID id;
    public String partner;
    public String externalId;
    public String name;
    public String phone;
    public String website;
    public String companySize;
    /** The company's locale (its members' fallback), as account-service gave it. */
    public String locale;
    public boolean enabled;
    public boolean allowLogin;
    public boolean vendor;
    public boolean reseller;
    public boolean referral;
    public boolean channelAdmin;
    public String defaultRole;
    public UUID idpId;
    public Instant createdOn;
    /** Removed from account-service (COMPANY_DELETED). */
    public boolean deleted;
    /** When account-service was in the state this row shows. */
    public Instant sourceVersion;
    /**
     * One of its enabled members has activated their account: kept by triggers on directory_membership (V3 migration),
     * so read here and never written.
     */
    @Column(insertable = false, updatable = false)
    public boolean active;
}
