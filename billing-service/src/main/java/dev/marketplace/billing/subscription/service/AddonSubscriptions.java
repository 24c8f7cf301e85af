package dev.marketplace.billing.subscription.service;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.subscription.domain.Subscription;
import dev.marketplace.billing.subscription.domain.SubscriptionStatus;
import dev.marketplace.billing.subscription.repository.SubscriptionRepository;
import dev.marketplace.billing.subscription.service.SubscriptionInputs.OrderInput;
import dev.marketplace.billing.subscription.service.SubscriptionService.Owner;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventCreator;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/**
 * Add-on subscriptions: an add-on edition (catalog's {@code parentProductId}) is ordered against an ACTIVE subscription
 * of that product in the same company, its parent ({@code parentSubscriptionId} of the order). Its vendor events are
 * ADDON_ORDER, ADDON_CHANGE and ADDON_CANCEL, each naming the parent's vendor account. Cancelling a parent cancels its
 * add-ons first: the parent's SUBSCRIPTION_CANCEL is sent once every add-on's ADDON_CANCEL has been answered.
 */
@ApplicationScoped
public class AddonSubscriptions {
    /** The buyer's email of an add-on order (AppDirect's "module" of a product). */
    public static final String ORDER_EMAIL = "SUBSCRIPTION_ORDER_MODULE";

    private final SubscriptionRepository subscriptions;
    private final SubscriptionPayloads payloads;
    private final VendorEvents vendorEvents;
    private final DomainEventPublisher events;

    public AddonSubscriptions(SubscriptionRepository subscriptions, SubscriptionPayloads payloads, VendorEvents vendorEvents,
            DomainEventPublisher events) {
        this.subscriptions = subscriptions;
        this.payloads = payloads;
        this.vendorEvents = vendorEvents;
        this.events = events;
    }

    /** The vendor event of {@code subscriptionType} (SUBSCRIPTION_ORDER, _CHANGE, _CANCEL) for this subscription. */
    static String eventType(Subscription s, String subscriptionType) {
        if (s.parentSubscriptionId == null) {
            return subscriptionType;
        }
        return switch (subscriptionType) {
            case EventTypes.SUBSCRIPTION_ORDER -> EventTypes.ADDON_ORDER;
            case EventTypes.SUBSCRIPTION_CHANGE -> EventTypes.ADDON_CHANGE;
            case EventTypes.SUBSCRIPTION_CANCEL -> EventTypes.ADDON_CANCEL;
            default -> subscriptionType;
        };
    }

    /**
     * Before the order's transaction: the parent an order names, checked against the edition. An add-on edition needs
     * one and an ordinary edition takes none (400); the parent must be a subscription of the company (another company's
     * or marketplace's is an unknown one, 404), of the product the edition is an add-on of (400), and ACTIVE (409).
     * Null for an ordinary order.
     */
    Uni<UUID> parentOf(String partner, Owner owner, OrderInput input, OrderTerms terms) {
        String named = input.parentSubscriptionId();
        if (!terms.addon()) {
            if (named != null) {
                throw ApiException.invalidField("parentSubscriptionId", "edition " + terms.editionId()
                        + " is not an add-on; leave parentSubscriptionId out");
            }
            return Uni.createFrom().nullItem();
        }
        if (named == null) {
            throw ApiException.invalidField("parentSubscriptionId", "is required: edition " + terms.editionId()
                    + " is an add-on of product " + terms.parentProductId() + "; name the company's ACTIVE subscription of it");
        }
        UUID id = UUID.fromString(named);
        return Panache.withSession(() -> subscriptions.inPartner(partner, id)).map(parent -> {
            requireParent(parent, owner, terms, named);
            return id;
        });
    }

    /**
     * In the order's transaction: the parent again, its row locked (so that a cancellation of the parent and this order
     * cannot both pass), and the add-on tied to it.
     */
    Uni<Subscription> attach(Subscription addon, UUID parentId, Owner owner, OrderTerms terms) {
        return subscriptions.lockedInPartner(addon.partner, parentId).map(parent -> {
            requireParent(parent, owner, terms, parentId.toString());
            addon.parentSubscriptionId = parent.id;
            addon.parentAccountIdentifier = parent.accountIdentifier;
            return parent;
        });
    }

    private static void requireParent(Subscription parent, Owner owner, OrderTerms terms, String named) {
        if (parent == null || !parent.companyUuid.equals(owner.company())) {
            throw ApiException.notFound("Subscription", named);
        }
        if (!parent.productId.equals(terms.parentProductId())) {
            throw ApiException.invalidField("parentSubscriptionId", "must be a subscription of product "
                    + terms.parentProductId() + " (edition " + terms.editionId() + " is an add-on of it)");
        }
        if (parent.status != SubscriptionStatus.ACTIVE || parent.awaitingAddonCancellations) {
            throw ApiException.conflict("INVALID_STATE", "parent subscription " + parent.id + " is " + parent.status
                    + "; an add-on is ordered against an ACTIVE subscription only");
        }
    }

    /**
     * An add-on's change of edition (in the change's transaction): the new edition must be an add-on of the product of
     * the add-on's parent subscription (400 naming {@code editionId}); nothing to check for a parent subscription.
     */
    Uni<Void> requireAddonOfParent(Subscription addon, OrderTerms terms) {
        if (addon.parentSubscriptionId == null) {
            return Uni.createFrom().voidItem();
        }
        return subscriptions.inPartner(addon.partner, addon.parentSubscriptionId).invoke(parent -> {
            if (parent != null && !parent.productId.equals(terms.parentProductId())) {
                throw ApiException.invalidField("editionId", "edition " + terms.editionId() + " is an add-on of product "
                        + terms.parentProductId() + ", not of product " + parent.productId + " of the parent subscription "
                        + parent.id);
            }
        }).replaceWithVoid();
    }

    /** The buyer's SUBSCRIPTION_ORDER_MODULE email of an add-on order: the subscription order's parameters and the parent's product. */
    List<NotificationRequest> orderNotification(Subscription addon, Subscription parent) {
        return payloads.notification(ORDER_EMAIL, addon).stream().map(n -> {
            Map<String, Object> parameters = new LinkedHashMap<>(n.parameters());
            parameters.put("parentProductName", parent.productName);
            return new NotificationRequest(n.type(), n.channel(), n.recipients(), n.locale(), parameters);
        }).toList();
    }

    /**
     * A parent being cancelled (already PENDING_REMOTE_CANCELLATION and flushed, its row locked): each ACTIVE or SUSPENDED
     * add-on is cancelled (ADDON_CANCEL). True when add-on cancellations are awaited, in which case the parent's own
     * SUBSCRIPTION_CANCEL waits for them ({@link #addonCancelAnswered}). An add-on whose order or change still waits for
     * its vendor makes the cancellation a 409.
     */
    Uni<Boolean> cancelAddonsOf(Subscription parent, Map<String, Object> creator) {
        return subscriptions.addonsOf(parent.id).chain(addons -> {
            for (Subscription a : addons) {
                if (a.status == SubscriptionStatus.PENDING_REMOTE_CREATION || a.pendingChange != null) {
                    throw ApiException.conflict("INVALID_STATE", "add-on subscription " + a.id + " is " + a.status
                            + (a.pendingChange != null ? " with a change pending" : "")
                            + "; the subscription can be cancelled once its vendor has answered");
                }
            }
            List<Subscription> toCancel = addons.stream()
                    .filter(a -> a.status == SubscriptionStatus.ACTIVE || a.status == SubscriptionStatus.SUSPENDED).toList();
            boolean awaited = addons.stream().anyMatch(a -> a.status == SubscriptionStatus.PENDING_REMOTE_CANCELLATION);
            if (toCancel.isEmpty() && !awaited) {
                return Uni.createFrom().item(false);
            }
            Instant now = Instant.now();
            for (Subscription a : toCancel) {
                a.status = SubscriptionStatus.PENDING_REMOTE_CANCELLATION;
                a.eventToken = VendorEvents.newToken();
                a.lastModified = now;
            }
            parent.awaitingAddonCancellations = true;
            Uni<Void> chain = subscriptions.flush();
            for (Subscription a : toCancel) {
                chain = chain.call(() -> vendorEvents.publish(EventTypes.ADDON_CANCEL, a, null, null, creator,
                        payloads.notification(EventTypes.SUBSCRIPTION_CANCEL, a)));
            }
            return chain.replaceWith(true);
        });
    }

    /**
     * An add-on's ADDON_CANCEL was answered (the add-on already updated and flushed). When its parent waits for its add-ons
     * and none is still pending: the parent's SUBSCRIPTION_CANCEL is sent if every add-on is over; if the vendor refused
     * one, the parent's cancellation is abandoned (the parent returns to its former status, error ADDON_CANCEL_REFUSED)
     * and SUBSCRIPTION_CANCEL_FAILED published. The parent's row is locked, so that answers arriving together see each
     * other.
     */
    Uni<Void> addonCancelAnswered(Subscription addon) {
        if (addon.parentSubscriptionId == null) {
            return Uni.createFrom().voidItem();
        }
        return subscriptions.lockedInPartner(addon.partner, addon.parentSubscriptionId).chain(parent -> {
            if (parent == null || !parent.awaitingAddonCancellations
                    || parent.status != SubscriptionStatus.PENDING_REMOTE_CANCELLATION) {
                return Uni.createFrom().voidItem();
            }
            return subscriptions.addonsOf(parent.id).chain(addons -> {
                if (addons.stream().anyMatch(a -> a.status == SubscriptionStatus.PENDING_REMOTE_CANCELLATION)) {
                    return Uni.createFrom().voidItem(); // the last answer sends the parent's cancellation
                }
                Subscription refused = addons.stream()
                        .filter(a -> a.status == SubscriptionStatus.ACTIVE || a.status == SubscriptionStatus.SUSPENDED)
                        .findFirst().orElse(null);
                parent.awaitingAddonCancellations = false;
                parent.lastModified = Instant.now();
                Map<String, Object> creator = EventCreator.system(events.source());
                if (refused == null) {
                    parent.eventToken = VendorEvents.newToken();
                    return subscriptions.flush().chain(() -> vendorEvents.publish(EventTypes.SUBSCRIPTION_CANCEL, parent, null,
                            null, creator, payloads.notification(EventTypes.SUBSCRIPTION_CANCEL, parent)));
                }
                parent.status = parent.suspensionReason != null ? SubscriptionStatus.SUSPENDED : SubscriptionStatus.ACTIVE;
                parent.errorCode = "ADDON_CANCEL_REFUSED";
                parent.errorMessage = "the vendor refused to cancel add-on subscription " + refused.id
                        + "; the subscription was not cancelled";
                Map<String, Object> payload = new LinkedHashMap<>();
                payload.put("subscriptionId", parent.id.toString());
                payload.put("orderId", parent.orderId);
                payload.put("productId", parent.productId);
                payload.put("subscription", payloads.view(parent));
                payload.put("result", Map.of("eventType", EventTypes.SUBSCRIPTION_CANCEL, "success", false,
                        "errorCode", parent.errorCode, "message", parent.errorMessage));
                return subscriptions.flush().chain(() -> events.publish(EventTypes.failed(EventTypes.SUBSCRIPTION_CANCEL),
                        parent.partner, SubscriptionPayloads.AGGREGATE, parent.id.toString(), payload, List.of(), creator))
                        .replaceWithVoid();
            });
        });
    }
}
