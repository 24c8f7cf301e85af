package dev.marketplace.billing.paymentmethod.domain;

import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/**
 * A card on file of a user in a company: what the provider said of it when its token was attached. The number, the
 * token and the security code never reach us; the provider's payment method id is what a charge names.
 */
@Entity
@Table(name = "payment_method")
public class StoredCard extends PanacheEntityBase {
    @Id
    public UUID id;
    @Column(nullable = false)
    public String partner;
    @Column(nullable = false)
    public UUID companyUuid;
    @Column(nullable = false)
    public UUID userUuid;
    /** The provider kind it was attached at (sandbox, stripe): a method is valid at its own provider only. */
    @Column(nullable = false)
    public String provider;
    @Column(nullable = false)
    public String providerMethodId;
    @Column(nullable = false)
    public String brand;
    @Column(nullable = false)
    public String last4;
    @Column(nullable = false)
    public int expirationMonth;
    @Column(nullable = false)
    public int expirationYear;
    @Column(name = "is_default", nullable = false)
    public boolean isDefault;
    @Column(nullable = false)
    public Instant createdOn;
    @Version
    public long version;
}
