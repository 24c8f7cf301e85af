package dev.marketplace.billing.invoice.domain;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** A line of an invoice: a unit of a plan (price × quantity), a discount, usage, or a carried invoice's amount. */
@Entity
@Table(name = "invoice_line")
public class InvoiceLine extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    @Column(nullable = false)
    public UUID invoiceId;
    public int position;
    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public InvoiceLineType type;
    public String description;
    public BigDecimal quantity;
    public BigDecimal price;
    public BigDecimal percentage;
    public BigDecimal total;
    public Instant periodStart;
    public Instant periodEnd;
    public Long paymentPlanId;
    public Long editionId;
    public Long productId;
    public String pricingUnit;
    /** For a DELEGATED_INVOICE line: the number of the carried invoice. */
    public Long includedInvoice;
}
