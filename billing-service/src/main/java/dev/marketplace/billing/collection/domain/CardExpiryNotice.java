package dev.marketplace.billing.collection.domain;

import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** EXPIRED_CREDIT_CARD was sent for this card on file (to {@code recipient}; null when billing knew no email of its user). */
@Entity
@Table(name = "card_expiry_notice")
public class CardExpiryNotice extends PanacheEntityBase {
    @Id
    public UUID paymentMethodId;
    @Column(nullable = false)
    public String partner;
    public String recipient;
    @Column(nullable = false)
    public Instant notifiedOn;
}
