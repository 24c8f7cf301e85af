package dev.marketplace.catalog.settings.domain;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** A product's settings in its marketplace: the general, productGroups and billing groups, each a JSON document. */
@Entity
@Table(name = "product_settings")
public class ProductSettings extends PanacheEntityBase {
    @Id
    public Long productId;
    @Column(nullable = false)
    public String partner;
    @Column(nullable = false)
    public String general;
    @Column(nullable = false)
    public String productGroups;
    @Column(nullable = false)
    public String billing;
    @Column(nullable = false)
    public Instant lastModified;
    @Version
    public long version;
}
