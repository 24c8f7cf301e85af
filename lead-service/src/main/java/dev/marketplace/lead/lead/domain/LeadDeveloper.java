package dev.marketplace.lead.lead.domain;

import java.io.Serializable;
import java.util.UUID;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** A developer of a lead's product, recorded when the lead was created. */
@Entity
@Table(name = "lead_developer")
@IdClass(LeadDeveloper.Key.class)
public class LeadDeveloper extends PanacheEntityBase {
    @Id
    public UUID leadId;
    @Id
    public UUID userId;

    /** The composite key (lead, user). */
    public static class Key implements Serializable {
        public UUID leadId;
        public UUID userId;

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && java.util.Objects.equals(leadId, k.leadId) && java.util.Objects.equals(userId, k.userId);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(leadId, userId);
        }
    }

    public static LeadDeveloper of(UUID lead, UUID user) {
        LeadDeveloper d = new LeadDeveloper();
        d.leadId = lead;
        d.userId = user;
        return d;
    }
}
