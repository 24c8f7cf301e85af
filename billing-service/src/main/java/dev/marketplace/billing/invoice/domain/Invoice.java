package dev.marketplace.billing.invoice.domain;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/**
 * An invoice of a company's user, numbered sequentially per marketplace ({@code invoiceNumber}, the API's invoice id).
 * Made from an order: the first period when it turns ACTIVE, then every billing date, with the metered usage reported
 * since. The buyer's name and email are kept for the notifications.
 */
@Entity
@Table(name = "invoice")
public class Invoice extends PanacheEntityBase {
    @Id
    public UUID id;
    @Column(nullable = false)
    public String partner;
    @Column(nullable = false)
    public Long invoiceNumber;
    @Column(nullable = false)
    public UUID companyUuid;
    @Column(nullable = false)
    public UUID userUuid;
    public UUID subscriptionId;
    public Long orderId;
    @Column(nullable = false)
    public String currency;
    @Column(nullable = false)
    public BigDecimal total;
    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public InvoiceStatus status;
    @Column(nullable = false)
    public Instant creationDate;
    @Column(nullable = false)
    public Instant dueDate;
    public Instant periodStart;
    public Instant periodEnd;
    public String referenceNumber;
    /** The number of the invoice this one was carried to. */
    public Long delegatedToInvoice;
    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public BuyerRole buyerRole;
    public String companyName;
    public String buyerEmail;
    public String buyerFirstName;
    public String buyerLocale;
    public Instant voidedOn;
    /** The attempt a card charge of this invoice is at; moves on only after a definite answer (README, "Payment model"). */
    @Column(nullable = false)
    public int paymentAttempt;
    @Column(nullable = false)
    public Instant lastModified;
    @Version
    public long version;
}
