package dev.marketplace.catalog.integration.domain;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/**
 * A product's vendor integration settings (docs/architecture.md, "Vendor events"): the vendor's OAuth consumer key and secret (the secret encrypted
 * at rest), the event URL template per event type, and whether orders are interactive.
 */
@Entity
@Table(name = "product_integration")
public class ProductIntegration extends PanacheEntityBase {
    @Id
    public Long productId;
    @Column(nullable = false)
    public String consumerKey;
    @Column(nullable = false)
    public String secretCiphertext;
    public boolean interactive;
    /** JSON object: event type name → URL template containing {eventUrl}. */
    @Column(nullable = false)
    public String eventUrls = "{}";
    @Column(nullable = false)
    public Instant secretRotatedOn;
    @Column(nullable = false)
    public Instant lastModified;
    @Version
    public long version;
}
