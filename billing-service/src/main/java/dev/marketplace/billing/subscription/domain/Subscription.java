package dev.marketplace.billing.subscription.domain;

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
 * A company's subscription to a product edition, bought by one of its users; also the purchase order
 * ({@code orderId}, numeric, of the orders listing). Company and buyer details are JSON snapshots sent to the vendor.
 */
@Entity
@Table(name = "subscription")
public class Subscription extends PanacheEntityBase {
    @Id
    public UUID id;
    /** From sequence subscription_order_seq. */
    @Column(nullable = false)
    public Long orderId;
    @Column(nullable = false)
    public String partner;
    @Column(nullable = false)
    public UUID companyUuid;
    @Column(nullable = false)
    public UUID userUuid;
    @Column(nullable = false)
    public Long productId;
    public String applicationUuid;
    public String productName;
    public String vendorName;
    @Column(nullable = false)
    public Long editionId;
    @Column(nullable = false)
    public String editionCode;
    public String editionName;
    public Long paymentPlanId;
    public String pricingDuration;
    /** JSON array of {unit, quantity}. */
    @Column(nullable = false)
    public String items = "[]";
    /** JSON object: the company as the vendor sees it. */
    @Column(nullable = false)
    public String company;
    /** JSON object: the buying user as the vendor sees it. */
    @Column(nullable = false)
    public String buyer;
    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public SubscriptionStatus status;
    public String accountIdentifier;
    public String errorCode;
    public String errorMessage;
    public boolean interactive;
    /** Token of the latest vendor event of this subscription (its event URL and return URL are built from it). */
    public String eventToken;
    /** JSON of a change waiting for the vendor's answer, or null. */
    public String pendingChange;
    /** ISO 4217 code of the order's prices and invoices. */
    @Column(nullable = false)
    public String currency = "USD";
    /** JSON array of {unit, unitPrice, metered}: the plan's prices when ordered (or changed), in {@code currency}. */
    @Column(nullable = false)
    public String prices = "[]";
    /** What one billing period costs after the discount, in {@code currency}. */
    @Column(nullable = false)
    public java.math.BigDecimal amount = java.math.BigDecimal.ZERO;
    /** {@code amount} in the marketplace currency, counted against the company's purchase limits. */
    @Column(nullable = false)
    public java.math.BigDecimal limitAmount = java.math.BigDecimal.ZERO;
    public Long discountId;
    /** JSON of the discount's terms as applied (pricing.DiscountTerms), or null. */
    public String discountTerms;
    /** How many invoices the discount was applied to (a discount may be limited to a number of billing cycles). */
    public int discountInvoices;
    @Column(nullable = false)
    public String buyerRole = "CUSTOMER";
    /** The company's billing day of month when known (account-service), else the day the subscription started. */
    public Integer billingDay;
    public Instant activatedOn;
    /** Why it is (or, while a cancellation of a suspended subscription is pending, was) SUSPENDED; null otherwise. */
    @Enumerated(EnumType.STRING)
    public SuspensionReason suspensionReason;
    public Instant suspendedOn;
    /** The billing date whose UPCOMING_INVOICE notice its vendor got (one notice per date). */
    public java.time.LocalDate upcomingNoticeFor;
    /** When the vendor accepted the cancellation; CLOSED follows after the configured time. */
    public Instant cancelledOn;
    /** When the vendor was told to close the cancelled account (SUBSCRIPTION_NOTICE CLOSED). */
    public Instant closedOn;
    /** The next billing date: the recurring job invoices the subscription again on that day. */
    public java.time.LocalDate nextInvoiceOn;
    /** An add-on's parent subscription (same company), or null. */
    public UUID parentSubscriptionId;
    /** An add-on's parent's vendor account, sent with each of the add-on's vendor events. */
    public String parentAccountIdentifier;
    /** A parent whose cancellation waits for its add-ons' ADDON_CANCEL answers before its own SUBSCRIPTION_CANCEL is sent. */
    public boolean awaitingAddonCancellations;
    /**
     * The parked vendor event this subscription waits on an operator for (VENDOR_EVENT_PARKED: its id, type, reason,
     * last error, when it was parked); null while it waits on nobody or on its vendor.
     */
    public String operatorWaitEventId;
    public String operatorWaitEventType;
    public String operatorWaitReason;
    public String operatorWaitLastError;
    public Instant operatorWaitSince;
    @Column(nullable = false)
    public Instant createdOn;
    @Column(nullable = false)
    public Instant lastModified;
    @Version
    public long version;
}
