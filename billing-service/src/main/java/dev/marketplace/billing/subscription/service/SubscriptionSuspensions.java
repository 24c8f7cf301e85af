package dev.marketplace.billing.subscription.service;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.subscription.domain.Subscription;
import dev.marketplace.billing.subscription.domain.SubscriptionStatus;
import dev.marketplace.billing.subscription.domain.SuspensionReason;
import dev.marketplace.billing.subscription.repository.SubscriptionRepository;
import dev.marketplace.billing.support.ChannelAccess;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventCreator;
import dev.marketplace.common.events.payload.NotificationTypes;
import dev.marketplace.common.events.payload.SubscriptionVendorEvent;
import dev.marketplace.common.lookup.Ids;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * Suspending an ACTIVE subscription and reactivating a SUSPENDED one. The marketplace decides, the vendor is told: each
 * change writes SUBSCRIPTION_NOTICE (notice DEACTIVATED or REACTIVATED) in its own transaction, and the vendor's answer,
 * whatever it is, never undoes it. A suspension also emails the buyer (SUBSCRIPTION_SUSPENDED, or
 * SUBSCRIPTION_SUSPENDED_OVERDUE_INVOICE); a reactivation sends no email (no template type says it).
 *
 * <p>{@link #suspend} and {@link #reactivate} take the marketplace explicitly and check no caller: an operator's request
 * goes through {@link #suspendByOperator} / {@link #reactivateByOperator}, background work (collection of overdue
 * invoices) calls them directly, from a job or a consumer (never reading the request's caller). Inside a transaction
 * already open they join it.
 */
@ApplicationScoped
public class SubscriptionSuspensions {
    static final String DEACTIVATED = "DEACTIVATED";
    static final String REACTIVATED = "REACTIVATED";

    private final SubscriptionRepository subscriptions;
    private final SubscriptionPayloads payloads;
    private final VendorEvents vendorEvents;
    private final DomainEventPublisher events;
    private final ChannelAccess channel;

    public SubscriptionSuspensions(SubscriptionRepository subscriptions, SubscriptionPayloads payloads,
            VendorEvents vendorEvents, DomainEventPublisher events, ChannelAccess channel) {
        this.subscriptions = subscriptions;
        this.payloads = payloads;
        this.vendorEvents = vendorEvents;
        this.events = events;
        this.channel = channel;
    }

    /** An operator (channel credentials, else 403) suspends a subscription of its marketplace; the operator is the creator. */
    public Uni<SubscriptionView> suspendByOperator(String subscriptionId) {
        String partner = channel.requireWriter();
        return suspend(partner, Ids.uuid("subscriptionId", subscriptionId), SuspensionReason.OPERATOR, events.currentCreator());
    }

    /** An operator (channel credentials, else 403) reactivates a suspended subscription of its marketplace. */
    public Uni<SubscriptionView> reactivateByOperator(String subscriptionId) {
        String partner = channel.requireWriter();
        return reactivate(partner, Ids.uuid("subscriptionId", subscriptionId), events.currentCreator());
    }

    /**
     * ACTIVE → SUSPENDED (else 409 {@code INVALID_STATE} naming the status); 404 when the marketplace has no such
     * subscription. The recurring invoicing skips it while it stays suspended. Background work: billing itself is the
     * events' creator.
     */
    public Uni<SubscriptionView> suspend(String partner, UUID subscriptionId, SuspensionReason reason) {
        return suspend(partner, subscriptionId, reason, EventCreator.system(events.source()));
    }

    @WithTransaction
    Uni<SubscriptionView> suspend(String partner, UUID subscriptionId, SuspensionReason reason, Map<String, Object> creator) {
        return load(partner, subscriptionId).chain(s -> {
            if (s.status != SubscriptionStatus.ACTIVE) {
                throw ApiException.conflict("INVALID_STATE", "subscription " + s.id + " is " + s.status
                        + "; only an ACTIVE subscription can be suspended");
            }
            Instant now = Instant.now();
            s.status = SubscriptionStatus.SUSPENDED;
            s.suspensionReason = reason;
            s.suspendedOn = now;
            s.eventToken = VendorEvents.newToken();
            s.lastModified = now;
            String email = reason == SuspensionReason.OVERDUE_INVOICE
                    ? NotificationTypes.SUBSCRIPTION_SUSPENDED_OVERDUE_INVOICE
                    : NotificationTypes.SUBSCRIPTION_SUSPENDED;
            return subscriptions.flush()
                    .call(() -> vendorEvents.notice(s, new SubscriptionVendorEvent.Notice(DEACTIVATED, message(reason)),
                            creator, payloads.notification(email, s)))
                    .map(v -> payloads.view(s));
        });
    }

    /**
     * SUSPENDED → ACTIVE (else 409 {@code INVALID_STATE} naming the status); 404 when the marketplace has no such
     * subscription. Billing dates that passed while it was suspended are not charged; the period running today is
     * invoiced by the next run of the recurring job ({@link BillingDates#resumed}). Background work: billing itself is
     * the event's creator.
     */
    public Uni<SubscriptionView> reactivate(String partner, UUID subscriptionId) {
        return reactivate(partner, subscriptionId, EventCreator.system(events.source()));
    }

    @WithTransaction
    Uni<SubscriptionView> reactivate(String partner, UUID subscriptionId, Map<String, Object> creator) {
        return load(partner, subscriptionId).chain(s -> {
            if (s.status != SubscriptionStatus.SUSPENDED) {
                throw ApiException.conflict("INVALID_STATE", "subscription " + s.id + " is " + s.status
                        + "; only a SUSPENDED subscription can be reactivated");
            }
            Instant now = Instant.now();
            LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
            if (s.nextInvoiceOn != null) {
                int day = s.billingDay != null ? s.billingDay : s.nextInvoiceOn.getDayOfMonth();
                s.nextInvoiceOn = BillingDates.resumed(s.nextInvoiceOn, today, s.pricingDuration, day);
            }
            s.status = SubscriptionStatus.ACTIVE;
            s.suspensionReason = null;
            s.suspendedOn = null;
            s.eventToken = VendorEvents.newToken();
            s.lastModified = now;
            return subscriptions.flush()
                    .call(() -> vendorEvents.notice(s, new SubscriptionVendorEvent.Notice(REACTIVATED,
                            "The subscription is active again"), creator, java.util.List.of()))
                    .map(v -> payloads.view(s));
        });
    }

    private static String message(SuspensionReason reason) {
        return reason == SuspensionReason.OVERDUE_INVOICE ? "Suspended: an invoice of the subscription is overdue"
                : "Suspended by the marketplace";
    }

    /** Another marketplace's subscription is as unknown as a missing one. */
    private Uni<Subscription> load(String partner, UUID id) {
        return subscriptions.inPartner(partner, id).map(s -> {
            if (s == null) {
                throw ApiException.notFound("Subscription", id);
            }
            return s;
        });
    }
}
