package dev.marketplace.catalog.shipping.domain;

import java.io.Serializable;
import java.util.Objects;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** A shipping connector of a zone: where it is reached and the shared secret (encrypted, never shown). */
@Entity
@Table(name = "shipping_connector")
@IdClass(ShippingConnector.Key.class)
public class ShippingConnector extends PanacheEntityBase {
    @Id
    public UUID zoneUuid;
    @Id
    public String name;
    @Column(nullable = false)
    public String baseUrl;
    @Column(nullable = false)
    public String secretCiphertext;

    public static class Key implements Serializable {
        public UUID zoneUuid;
        public String name;

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Objects.equals(zoneUuid, k.zoneUuid) && Objects.equals(name, k.name);
        }

        @Override
        public int hashCode() {
            return Objects.hash(zoneUuid, name);
        }
    }

    @Override
    public String toString() {
        return "ShippingConnector[" + zoneUuid + "/" + name + " " + baseUrl + ", secret ****]";
    }
}
