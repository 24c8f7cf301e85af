package dev.marketplace.billing.usage.domain;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/**
 * One item of a vendor's usage report, priced in the subscription's currency (converted with the exchange rate in force
 * when it was reported, if it came in another); {@code invoiceId} is set once an invoice has charged it.
 */
@Entity
@Table(name = "usage_item")
public class UsageItem extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    @Column(nullable = false)
    public UUID reportId;
    @Column(nullable = false)
    public UUID subscriptionId;
    public int position;
    @Column(nullable = false)
    public String unit;
    @Column(nullable = false)
    public BigDecimal quantity;
    @Column(nullable = false)
    public BigDecimal unitPrice;
    @Column(nullable = false)
    public BigDecimal amount;
    @Column(nullable = false)
    public String currency;
    @Column(nullable = false)
    public String originalCurrency;
    @Column(nullable = false)
    public BigDecimal originalUnitPrice;
    public BigDecimal exchangeRate;
    public String description;
    @Column(nullable = false)
    public Instant recordedOn;
    public UUID invoiceId;
}
