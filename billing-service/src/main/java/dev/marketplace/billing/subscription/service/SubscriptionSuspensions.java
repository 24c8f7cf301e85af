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
 * <p>A parent's ACTIVE add-ons follow it: suspended with it (reason PARENT_SUSPENDED, each with its own notice and its
 * buyer's email of the parent's reason) and reactivated with it; an add-on suspended on its own is left alone both ways.
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
            return suspended(s, reason, reason, creator).call(() -> suspendAddonsOf(s, reason, creator))
                    .map(v -> payloads.view(s));
        });
    }

    /**
     * The parent's ACTIVE add-ons are suspended with it (PARENT_SUSPENDED), each with its own vendor notice and its buyer's
     * email of the parent's reason; an add-on suspended on its own, pending or over is left as it is.
     */
    private Uni<Void> suspendAddonsOf(Subscription parent, SuspensionReason parentReason, Map<String, Object> creator) {
        if (parent.parentSubscriptionId != null) {
            return Uni.createFrom().voidItem();
        }
        return subscriptions.addonsOf(parent.id).chain(addons -> {
            Uni<Void> all = Uni.createFrom().voidItem();
            for (Subscription a : addons) {
                if (a.status == SubscriptionStatus.ACTIVE) {
                    all = all.chain(() -> suspended(a, SuspensionReason.PARENT_SUSPENDED, parentReason, creator));
                }
            }
            return all;
        });
    }

    /**
     * An add-on just turned ACTIVE (its vendor accepted ADDON_ORDER, in the result's transaction): if its parent was
     * suspended meanwhile, the add-on is suspended with it (the order raced the suspension). Billing is the creator.
     */
    Uni<Void> followParent(Subscription addon) {
        if (addon.parentSubscriptionId == null || addon.status != SubscriptionStatus.ACTIVE) {
            return Uni.createFrom().voidItem();
        }
        return subscriptions.inPartner(addon.partner, addon.parentSubscriptionId).chain(parent -> parent == null
                || parent.status != SubscriptionStatus.SUSPENDED ? Uni.createFrom().voidItem()
                        : suspended(addon, SuspensionReason.PARENT_SUSPENDED, parent.suspensionReason,
                                EventCreator.system(events.source())));
    }

    /** ACTIVE → SUSPENDED for {@code reason}; the buyer's email says {@code emailReason} (a parent's, for its add-ons). */
    private Uni<Void> suspended(Subscription s, SuspensionReason reason, SuspensionReason emailReason,
            Map<String, Object> creator) {
        Instant now = Instant.now();
        s.status = SubscriptionStatus.SUSPENDED;
        s.suspensionReason = reason;
        s.suspendedOn = now;
        s.eventToken = VendorEvents.newToken();
        s.lastModified = now;
        String email = emailReason == SuspensionReason.OVERDUE_INVOICE
                ? NotificationTypes.SUBSCRIPTION_SUSPENDED_OVERDUE_INVOICE
                : NotificationTypes.SUBSCRIPTION_SUSPENDED;
        // an add-on's notice names its parent's account too (account.parentAccountIdentifier), as its ADDON_* events do
        return subscriptions.flush().call(() -> vendorEvents.notice(s,
                new SubscriptionVendorEvent.Notice(DEACTIVATED, message(reason, emailReason)), creator,
                payloads.notification(email, s))).replaceWithVoid();
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
            return requireParentActive(s).chain(() -> reactivated(s, creator))
                    .call(() -> reactivateAddonsOf(s, creator)).map(v -> payloads.view(s));
        });
    }

    /** An add-on suspended with its parent is reactivated with it: not by itself while the parent is still suspended. */
    private Uni<Void> requireParentActive(Subscription s) {
        if (s.suspensionReason != SuspensionReason.PARENT_SUSPENDED || s.parentSubscriptionId == null) {
            return Uni.createFrom().voidItem();
        }
        return subscriptions.inPartner(s.partner, s.parentSubscriptionId).map(parent -> {
            if (parent != null && parent.status == SubscriptionStatus.SUSPENDED) {
                throw ApiException.conflict("INVALID_STATE", "subscription " + s.id + " is SUSPENDED with its parent subscription "
                        + parent.id + "; it is reactivated when its parent is");
            }
            return null;
        }).replaceWithVoid();
    }

    /** The add-ons suspended because of this parent come back with it; those suspended on their own stay suspended. */
    private Uni<Void> reactivateAddonsOf(Subscription parent, Map<String, Object> creator) {
        if (parent.parentSubscriptionId != null) {
            return Uni.createFrom().voidItem();
        }
        return subscriptions.addonsOf(parent.id).chain(addons -> {
            Uni<Void> all = Uni.createFrom().voidItem();
            for (Subscription a : addons) {
                if (a.status == SubscriptionStatus.SUSPENDED && a.suspensionReason == SuspensionReason.PARENT_SUSPENDED) {
                    all = all.chain(() -> reactivated(a, creator));
                }
            }
            return all;
        });
    }

    /** SUSPENDED → ACTIVE, billing dates resumed, the vendor's REACTIVATED notice. */
    private Uni<Void> reactivated(Subscription s, Map<String, Object> creator) {
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
        return subscriptions.flush().call(() -> vendorEvents.notice(s, new SubscriptionVendorEvent.Notice(REACTIVATED,
                "The subscription is active again"), creator, java.util.List.of())).replaceWithVoid();
    }

    private static String message(SuspensionReason reason, SuspensionReason parentReason) {
        if (reason == SuspensionReason.PARENT_SUSPENDED) {
            return parentReason == SuspensionReason.OVERDUE_INVOICE
                    ? "Suspended with its parent subscription: an invoice of the parent is overdue"
                    : "Suspended with its parent subscription, by the marketplace";
        }
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
