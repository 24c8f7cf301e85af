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

/** One attempt to pay an invoice, whatever its result; a card's last four digits are all that is kept of it. */
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
    public Boolean gatewayAvs;
    public Boolean gatewayCvv;
    public String gatewayCode;
    public String gatewayMessage;
    public String cardLast4;
}
