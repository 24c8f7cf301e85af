package dev.marketplace.billing.payment.domain;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/**
 * One attempt to pay an invoice, whatever its result. A card payment names the card on file it charged (and keeps its
 * last four digits) and the provider key of its charge; while the provider's answer is unknown it is PENDING, and
 * {@code nextCheck} says when its charge may be looked up.
 */
@Entity
@Table(name = "payment")
public class Payment extends PanacheEntityBase {
    @Id
    public Long id;
    @Column(nullable = false)
    public String partner;
    @Column(nullable = false)
    public UUID invoiceId;
    @Column(nullable = false)
    public Long invoiceNumber;
    @Column(nullable = false)
    public UUID companyUuid;
    public UUID userUuid;
    @Column(nullable = false)
    public BigDecimal amount;
    @Column(nullable = false)
    public String currency;
    @Column(nullable = false)
    public Instant date;
    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public PaymentMethod method;
    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public PaymentResult result;
    public String transactionId;
    public String gatewayCode;
    public String gatewayMessage;
    public String cardLast4;
    /** The provider's idempotency key of the charge: the invoice's and its attempt's. */
    public String providerKey;
    public UUID paymentMethodId;
    /** The provider's id of the card charged (what a charge sent again names); never card data. */
    public String providerMethodId;
    public Instant nextCheck;
}
