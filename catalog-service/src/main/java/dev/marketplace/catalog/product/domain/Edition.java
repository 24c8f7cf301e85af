package dev.marketplace.catalog.product.domain;

import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** An edition of a product (AppDirect EditionWS). Bullets, items and customizations are JSON text. */
@Entity
@Table(name = "edition")
public class Edition extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    @Column(nullable = false)
    public UUID uuid;
    @Column(nullable = false)
    public Long productId;
    @Column(nullable = false)
    public String code;
    @Column(nullable = false)
    public String name;
    public int rank;
    @Column(name = "is_primary")
    public boolean primary;
    public Integer trialLength;
    public String trialUnit;
    public Integer expiredTrialGracePeriod;
    public boolean bundleOnly;
    public String targetAudience;
    public boolean defaultFreeTrial;
    public boolean invisible;
    public boolean leadGen;
    @Column(nullable = false)
    public String revenueType;
    public boolean restricted;
    public Integer freeTrialDuration;
    public String freeTrialType;
    public boolean customerContractRestricted;
    @Column(nullable = false)
    public String bullets = "[]";
    @Column(nullable = false)
    public String items = "[]";
    @Column(nullable = false)
    public String customizations = "[]";
    /** The product this edition is an add-on of (same marketplace), or null for an ordinary edition. */
    public Long parentProductId;
    @Column(nullable = false)
    public Instant lastModified;
    @Version
    public long version;
}
