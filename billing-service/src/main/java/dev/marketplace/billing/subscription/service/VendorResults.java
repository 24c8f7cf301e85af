package dev.marketplace.billing.subscription.service;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.billing.clock.service.BillingClock;
import dev.marketplace.billing.subscription.domain.Assignment;
import dev.marketplace.billing.subscription.domain.AssignmentStatus;
import dev.marketplace.billing.subscription.domain.Subscription;
import dev.marketplace.billing.subscription.domain.SubscriptionStatus;
import dev.marketplace.billing.subscription.repository.AssignmentRepository;
import dev.marketplace.billing.subscription.repository.SubscriptionRepository;
import dev.marketplace.billing.subscription.service.SubscriptionInputs.ResultInput;
import dev.marketplace.billing.pricing.DiscountTerms;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventCreator;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.events.payload.SubscriptionVendorEvent;
import io.smallrye.mutiny.Uni;

/**
 * Applies a vendor's answer to a subscription event (from a VENDOR_EVENT_RESULT Kafka event).
 * A result that does not fit the current state (no such pending transition, or already applied) is a 409; the Kafka
 * consumer logs and skips it. Must run inside a transaction. Emits {@code <eventType>_SUCCEEDED} or
 * {@code <eventType>_FAILED}.
 */
@ApplicationScoped
public class VendorResults {
    private static final Logger LOG = Logger.getLogger(VendorResults.class);

    private final SubscriptionRepository subscriptions;
    private final AssignmentRepository assignments;
    private final SubscriptionPayloads payloads;
    private final DomainEventPublisher events;
    private final SubscriptionInvoicing invoicing;
    private final AddonSubscriptions addons;
    private final OutcomeNotices notices;
    private final SubscriptionSuspensions suspensions;
    private final BillingClock clock;

    public VendorResults(SubscriptionRepository subscriptions, AssignmentRepository assignments, SubscriptionPayloads payloads,
            DomainEventPublisher events, SubscriptionInvoicing invoicing, AddonSubscriptions addons, OutcomeNotices notices,
            SubscriptionSuspensions suspensions, BillingClock clock) {
        this.addons = addons;
        this.suspensions = suspensions;
        this.clock = clock;
        this.notices = notices;
        this.invoicing = invoicing;
        this.subscriptions = subscriptions;
        this.assignments = assignments;
        this.payloads = payloads;
        this.events = events;
    }

    /** Loads the subscription (404 when unknown or of another partner than {@code partner}, if given) and applies. */
    public Uni<SubscriptionView> apply(UUID subscriptionId, String partner, ResultInput result) {
        return subscriptions.findById(subscriptionId).chain(s -> {
            if (s == null || (partner != null && !partner.equals(s.partner))) {
                throw ApiException.notFound("Subscription", subscriptionId);
            }
            return apply(s, result);
        });
    }

    /** An account nobody can name cannot be cancelled or assigned later: such an order fails rather than hang. */
    private static ResultInput checked(ResultInput r) {
        if ((EventTypes.SUBSCRIPTION_ORDER.equals(r.eventType()) || EventTypes.ADDON_ORDER.equals(r.eventType()))
                && Boolean.TRUE.equals(r.success())
                && (r.accountIdentifier() == null || r.accountIdentifier().isBlank())) {
            return new ResultInput(r.eventType(), false, null, "INVALID_RESPONSE",
                    "The vendor reported success without an accountIdentifier", r.userUuid());
        }
        return r;
    }

    private Uni<SubscriptionView> apply(Subscription s, ResultInput input) {
        ResultInput r = checked(input);
        boolean ok = Boolean.TRUE.equals(r.success());
        Instant now = Instant.now();
        Uni<Void> invoicing = Uni.createFrom().voidItem();
        Uni<Void> cancelled = Uni.createFrom().voidItem();
        String previousEdition = null;
        switch (r.eventType()) {
            case EventTypes.SUBSCRIPTION_ORDER, EventTypes.ADDON_ORDER -> {
                require(s, SubscriptionStatus.PENDING_REMOTE_CREATION, r);
                if (ok) {
                    s.status = SubscriptionStatus.ACTIVE;
                    s.accountIdentifier = r.accountIdentifier();
                    // an order that turns ACTIVE gets its first invoice, in this transaction
                    invoicing = this.invoicing.activated(s);
                } else {
                    s.status = SubscriptionStatus.FAILED;
                }
            }
            case EventTypes.SUBSCRIPTION_CANCEL, EventTypes.ADDON_CANCEL -> {
                require(s, SubscriptionStatus.PENDING_REMOTE_CANCELLATION, r);
                // a refused cancellation leaves the subscription as it was: suspended, or active
                s.status = ok ? SubscriptionStatus.CANCELLED
                        : s.suspensionReason != null ? SubscriptionStatus.SUSPENDED : SubscriptionStatus.ACTIVE;
                if (ok) {
                    // the vendor is told to close the account some time later (ScheduledNotices), counted in the
                    // marketplace's billing time so that a test clock moved before the cancellation does not shorten it
                    cancelled = clock.now(s.partner).invoke(at -> s.cancelledOn = at).replaceWithVoid();
                }
            }
            case EventTypes.SUBSCRIPTION_CHANGE, EventTypes.ADDON_CHANGE -> {
                // a change asked for before a suspension is still the vendor's to accept
                if ((s.status != SubscriptionStatus.ACTIVE && s.status != SubscriptionStatus.SUSPENDED)
                        || s.pendingChange == null) {
                    throw conflict(s, r);
                }
                if (ok) {
                    SubscriptionVendorEvent.Order change = payloads.pendingChange(s);
                    previousEdition = s.editionId.equals(change.editionId()) ? null : s.editionName;
                    s.editionId = change.editionId();
                    s.editionCode = change.editionCode();
                    s.editionName = change.editionName();
                    s.paymentPlanId = change.paymentPlanId();
                    s.pricingDuration = change.pricingDuration();
                    s.items = payloads.json(change.items());
                    repriced(s, now);
                }
                s.pendingChange = null;
            }
            case EventTypes.USER_ASSIGNMENT, EventTypes.USER_UNASSIGNMENT -> {
                return assignmentResult(s, r, ok, now);
            }
            default -> throw ApiException.invalidField("eventType", "must be one of " + EventTypes.SUBSCRIPTION_VENDOR_EVENTS);
        }
        s.errorCode = ok ? null : r.errorCode();
        s.errorMessage = ok ? null : r.message();
        s.lastModified = now;
        List<NotificationRequest> notify = notices.of(s, r.eventType(), ok, r.message() != null ? r.message() : r.errorCode(),
                previousEdition, null);
        Uni<Void> cancelledAt = cancelled;
        return invoicing.chain(() -> cancelledAt).chain(subscriptions::flush).chain(() -> {
            SubscriptionView view = payloads.view(s);
            return outcome(s, r, ok, resultPayload(s, view, r), notify).replaceWith(view);
        }).call(view -> EventTypes.ADDON_CANCEL.equals(r.eventType()) ? addons.addonCancelAnswered(s)
                : Uni.createFrom().voidItem())
                // an add-on that turns ACTIVE while its parent is suspended is suspended with it at once
                .call(view -> ok && EventTypes.ADDON_ORDER.equals(r.eventType()) ? suspensions.followParent(s)
                        : Uni.createFrom().voidItem());
    }

    /**
     * A change the vendor accepted: the new plan's prices apply from the next billing date; the discount stays unless it
     * has expired and is not retainable.
     */
    private void repriced(Subscription s, Instant now) {
        List<OrderTerms.UnitPrice> prices = payloads.pendingPrices(s);
        if (prices != null) {
            s.prices = payloads.json(prices);
        }
        DiscountTerms discount = this.invoicing.discount(s);
        if (discount != null && !discount.keptOnChange(now.toEpochMilli())) {
            s.discountTerms = null;
            discount = null;
        }
        s.amount = SubscriptionInvoicing.price(s.currency, payloads.items(s.items), this.invoicing.prices(s), discount,
                s.editionName).total();
    }

    private Uni<SubscriptionView> assignmentResult(Subscription s, ResultInput r, boolean ok, Instant now) {
        UUID user = UUID.fromString(r.userUuid());
        boolean assign = EventTypes.USER_ASSIGNMENT.equals(r.eventType());
        return assignments.find(s.id, user).chain(a -> {
            AssignmentStatus expected = assign ? AssignmentStatus.PENDING_REMOTE_ASSIGNMENT : AssignmentStatus.PENDING_REMOTE_UNASSIGNMENT;
            if (a == null || a.status != expected) {
                throw conflict(s, r);
            }
            if (assign) {
                a.status = ok ? AssignmentStatus.ASSIGNED : AssignmentStatus.FAILED;
            } else {
                a.status = ok ? AssignmentStatus.UNASSIGNED : AssignmentStatus.ASSIGNED;
            }
            a.errorCode = ok ? null : r.errorCode();
            a.errorMessage = ok ? null : r.message();
            a.lastModified = now;
            SubscriptionView view = payloads.view(s);
            Map<String, Object> payload = resultPayload(s, view, r);
            payload.put("assignment", AssignmentView.of(a));
            List<NotificationRequest> notify = notices.of(s, r.eventType(), ok, null, null, a);
            return assignments.flush().chain(() -> outcome(s, r, ok, payload, notify)).replaceWith(view);
        });
    }

    /**
     * {@code <eventType>_SUCCEEDED} or {@code _FAILED}, with the messages of {@link OutcomeNotices}; the vendor of the
     * product caused it.
     */
    private Uni<Void> outcome(Subscription s, ResultInput r, boolean ok, Map<String, Object> payload,
            List<NotificationRequest> notify) {
        return events.publish(ok ? EventTypes.succeeded(r.eventType()) : EventTypes.failed(r.eventType()), s.partner,
                SubscriptionPayloads.AGGREGATE, s.id.toString(), payload, notify, EventCreator.vendor(s.productId))
                .replaceWithVoid();
    }

    private static Map<String, Object> resultPayload(Subscription s, SubscriptionView view, ResultInput r) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("subscriptionId", view.id());
        payload.put("orderId", view.orderId());
        payload.put("productId", view.productId());
        payload.put("eventToken", s.eventToken);
        payload.put("subscription", view);
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("eventType", r.eventType());
        result.put("success", r.success());
        result.put("accountIdentifier", r.accountIdentifier());
        result.put("errorCode", r.errorCode());
        result.put("message", r.message());
        result.put("userUuid", r.userUuid());
        payload.put("result", result);
        return payload;
    }

    private static void require(Subscription s, SubscriptionStatus expected, ResultInput r) {
        if (s.status != expected) {
            throw conflict(s, r);
        }
    }

    private static ApiException conflict(Subscription s, ResultInput r) {
        LOG.debugf("Result %s for subscription %s in state %s does not apply", r.eventType(), s.id, s.status);
        return ApiException.conflict("INVALID_STATE", "subscription " + s.id + " is " + s.status
                + ": no " + r.eventType() + " result is awaited");
    }
}
