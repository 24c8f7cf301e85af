package dev.marketplace.catalog.product.domain;

import java.io.Serializable;
import java.util.Objects;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** A product a BUNDLE listing groups (optionally one edition of it), at a position. */
@Entity
@Table(name = "bundle_product")
@IdClass(BundledProduct.Key.class)
public class BundledProduct extends PanacheEntityBase {
    @Id
    public Long bundleId;
    @Id
    public Long productId;
    public Long editionId;
    @Column(nullable = false)
    public int position;

    public static class Key implements Serializable {
        public Long bundleId;
        public Long productId;

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Objects.equals(bundleId, k.bundleId) && Objects.equals(productId, k.productId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(bundleId, productId);
        }
    }
}
