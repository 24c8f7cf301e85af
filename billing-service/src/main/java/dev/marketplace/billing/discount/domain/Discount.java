package dev.marketplace.billing.discount.domain;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/**
 * A discount of a marketplace, applied at order time: automatically when it matches the order (application, edition,
 * plan, unit bounds, dates), or when the buyer gives its code. {@code redemptions} counts its uses, never past
 * {@code maxRedemptions}. Deleted discounts are kept (orders refer to them) but are gone from the API.
 */
@Entity
@Table(name = "discount")
public class Discount extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "discount_ids")
    @SequenceGenerator(name = "discount_ids", sequenceName = "discount_id_seq", allocationSize = 1)
    public Long id;
    @Column(nullable = false)
    public UUID uuid;
    @Column(nullable = false)
    public String partner;
    public String code;
    @Column(nullable = false)
    public String description;
    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public DiscountType type;
    public BigDecimal percentage;
    public BigDecimal price;
    public BigDecimal discountValue;
    /**
     * ISO 4217 code of {@code price} or {@code discountValue}: the only currency of the orders it applies to; null for
     * PERCENTAGE (the table's check refuses any other combination).
     */
    public String currency;
    public Long applicationId;
    public String applicationUuid;
    public String applicationName;
    public Long editionId;
    public String editionUuid;
    public Long paymentPlanId;
    public String paymentPlanUuid;
    public Long industryId;
    public boolean autoApply;
    public Integer billingCycles;
    public boolean retainable;
    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public RedemptionRestriction redemptionRestriction;
    public int redemptions;
    public Integer maxRedemptions;
    public Integer minUnits;
    public Integer maxUnits;
    public String unit;
    public Instant startDate;
    public Instant expirationDate;
    public BigDecimal vendorSharePercentage;
    public BigDecimal partnerSharePercentage;
    public BigDecimal basePartnerSharePercentage;
    @Column(nullable = false)
    public Instant createdOn;
    @Column(nullable = false)
    public Instant lastModified;
    public Instant deletedOn;
    @Version
    public long version;
}
