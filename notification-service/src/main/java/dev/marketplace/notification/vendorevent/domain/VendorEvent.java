package dev.marketplace.notification.vendorevent.domain;

import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import dev.marketplace.notification.workqueue.QueuedWork;

/**
 * A domain event its product's vendor is notified of: the event document the vendor fetches with {@code token}, the
 * delivery state (attempts, backoff, last error: the {@code vendor_event} work queue) and the vendor's result once
 * known.
 */
@Entity
@Table(name = "vendor_event")
public class VendorEvent extends QueuedWork {
    @Id
    public UUID id;
    @Column(nullable = false, unique = true)
    public String token;
    @Column(nullable = false)
    public String partner;
    public long productId;
    public String productName;
    public String companyName;
    @Column(nullable = false)
    public String eventType;
    /** STATELESS for a ping, else null. */
    public String flag;
    public String subscriptionId;
    /** The user of a USER_ASSIGNMENT / USER_UNASSIGNMENT. */
    public String userUuid;
    public boolean interactive;
    public String urlTemplate;
    /** What fills {@code {eventUrl}}: {@code {baseUrl}/api/integration/v1/events/{token}}. */
    @Column(nullable = false)
    public String eventUrl;
    /** JSON: what {@code GET /api/integration/v1/events/{token}} answers. */
    @Column(nullable = false)
    public String document;
    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public VendorEventStatus status;
    /** How many times the event was handed to the vendor (claims): above 1, the vendor may have seen it before. */
    public int sends;
    /** Re-notifications because the vendor's result did not arrive by {@link #resultDueAt}. */
    public int renotifications;
    /** While AWAITING_RESULT: when the result is overdue (re-notified, or parked). */
    public Instant resultDueAt;
    public Integer lastHttpStatus;
    public Boolean resultSuccess;
    public String accountIdentifier;
    /** W3C trace context of the request that caused the event: the vendor call joins its trace. */
    public String traceparent;
    public String errorCode;
    public String errorMessage;
    /** RESPONSE (the answer to our call), RESULT (the result endpoint), RETURN_URL (the signed browser redirect). */
    public String resultSource;
    public Instant fetchedOn;
    @Column(nullable = false)
    public Instant createdOn;
    public Instant completedOn;
    public Instant parkedOn;
}
