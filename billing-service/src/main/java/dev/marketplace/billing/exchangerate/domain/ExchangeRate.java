package dev.marketplace.billing.exchangerate.domain;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/**
 * A currency exchange rate of a marketplace: {@code rate} units of the counter currency (one the marketplace sells in)
 * buy one unit of the base currency (an external one), from {@code validFrom}. A later rate of the same pair supersedes
 * it from its own {@code validFrom}; a deactivated rate is never used again.
 */
@Entity
@Table(name = "exchange_rate")
public class ExchangeRate extends PanacheEntityBase {
    @Id
    public UUID uuid;
    @Column(nullable = false)
    public String partner;
    @Column(nullable = false)
    public String baseCurrency;
    @Column(nullable = false)
    public String counterCurrency;
    @Column(nullable = false)
    public BigDecimal rate;
    @Column(nullable = false)
    public Instant validFrom;
    public boolean active;
    /** How the creator authenticated (OAUTH for signed consumer calls) and with which consumer key. */
    public String authenticationType;
    public String oauthKey;
    public UUID userUuid;
    @Column(nullable = false)
    public Instant createdOn;
    @Column(nullable = false)
    public Instant lastModified;
    @Version
    public long version;
}
