package dev.marketplace.catalog.product.domain;

import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** A pricing plan of an edition: billing frequency (the vendor's pricingDuration) and costs per unit. */
@Entity
@Table(name = "payment_plan")
public class PaymentPlan extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    @Column(nullable = false)
    public UUID uuid;
    @Column(nullable = false)
    public Long editionId;
    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public PricingFrequency frequency;
    public boolean primaryPrice;
    public boolean allowCustomUsage;
    /** JSON object or null. */
    public String contract;
    /** JSON array of costs. */
    @Column(nullable = false)
    public String costs = "[]";
    @Column(nullable = false)
    public Instant createdOn;
}
