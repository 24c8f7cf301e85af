package dev.marketplace.catalog.shipping.domain;

import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** Regions or countries of a marketplace that share shipping rates and a default fulfilment connector. */
@Entity
@Table(name = "shipping_zone")
public class ShippingZone extends PanacheEntityBase {
    @Id
    public UUID uuid;
    @Column(nullable = false)
    public String partner;
    @Column(nullable = false)
    public String name;
    /** JSON array of {shortCode, includedRegions}. */
    @Column(nullable = false)
    public String countries = "[]";
    public String defaultConnector;
    @Column(nullable = false)
    public Instant createdOn;
    @Column(nullable = false)
    public Instant lastModified;
    @Version
    public long version;
}
