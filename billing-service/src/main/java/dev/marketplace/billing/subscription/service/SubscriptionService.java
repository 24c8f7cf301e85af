package dev.marketplace.billing.subscription.service;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.subscription.domain.Subscription;
import dev.marketplace.billing.subscription.domain.SubscriptionStatus;
import dev.marketplace.billing.subscription.repository.AssignmentRepository;
import dev.marketplace.billing.subscription.repository.SubscriptionRepository;
import dev.marketplace.billing.subscription.service.SubscriptionInputs.ChangeInput;
import dev.marketplace.billing.client.CompanyTenancy;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.SubscriptionVendorEvent;
import dev.marketplace.common.lookup.CompanyRef;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * A subscription's life after its order ({@link SubscriptionOrders}): reads, cancel, change of edition or plan, the
 * company's billing day, the vendor's result, a user's entitlements. Catalogue checks (HTTP to catalog-service) happen
 * before the transaction; the change and its vendor event are written in one transaction. Users assigned to a
 * subscription are {@link UserAssignments}'.
 */
@ApplicationScoped
public class SubscriptionService {

    private final SubscriptionRepository subscriptions;
    private final AssignmentRepository assignments;
    private final CatalogTerms catalog;
    private final SubscriptionAccess access;
    private final SubscriptionPayloads payloads;
    private final VendorEvents vendorEvents;
    private final DomainEventPublisher events;
    private final Caller caller;
    private final CompanyTenancy tenancy;
    private final AddonSubscriptions addons;

    public SubscriptionService(SubscriptionRepository subscriptions, AssignmentRepository assignments, CatalogTerms catalog,
            SubscriptionAccess access, SubscriptionPayloads payloads, VendorEvents vendorEvents,
            DomainEventPublisher events, Caller caller, CompanyTenancy tenancy, AddonSubscriptions addons) {
        this.addons = addons;
        this.subscriptions = subscriptions;
        this.assignments = assignments;
        this.catalog = catalog;
        this.access = access;
        this.payloads = payloads;
        this.vendorEvents = vendorEvents;
        this.events = events;
        this.caller = caller;
        this.tenancy = tenancy;
    }

    /** Path ids: company uuid (bare or {@code id:}; billing keeps no external ids) and user uuid. */
    public record Owner(UUID company, UUID user) {
        public static Owner parse(String companyRef, String userRef) {
            CompanyRef ref = CompanyRef.parse(companyRef);
            if (!(ref instanceof CompanyRef.ById byId)) {
                throw ApiException.invalidField("companyUuid", "must be a UUID or id:<uuid> here");
            }
            return new Owner(byId.uuid(), Ids.uuid("userUuid", userRef));
        }
    }

    @WithSession
    public Uni<SubscriptionView> get(Owner owner, String id) {
        return load(owner, id).map(access::requireRead).map(payloads::view);
    }

    @WithSession
    public Uni<SubscriptionView> get(String id) {
        return load(null, id).map(access::requireRead).map(payloads::view);
    }

    @WithSession
    public Uni<List<SubscriptionView>> list(Owner owner) {
        String partner = caller.partner();
        if (!access.channelReader()) {
            access.requireBuy(owner.user());
        }
        // an unknown company is a 404, and so is another marketplace's (account-service does not find it in the caller's)
        return tenancy.requireKnown(partner, owner.company()).chain(() -> subscriptions.search(new SubscriptionRepository.Filter(partner, owner.company(), owner.user(), null), 0, 1000)
                .map(list -> list.stream().map(payloads::view).toList()));
    }

    @WithTransaction
    public Uni<SubscriptionView> cancel(Owner owner, String id) {
        Map<String, Object> creator = events.currentCreator();
        return load(owner, id).map(access::requireManage).chain(s -> {
            // a suspended subscription may be cancelled too: a buyer must be able to leave what it cannot use
            if ((s.status != SubscriptionStatus.ACTIVE && s.status != SubscriptionStatus.SUSPENDED) || s.pendingChange != null) {
                throw ApiException.conflict("INVALID_STATE", "subscription " + s.id + " is " + s.status
                        + (s.pendingChange != null ? " with a change pending" : "")
                        + "; only an ACTIVE or SUSPENDED subscription can be cancelled");
            }
            s.status = SubscriptionStatus.PENDING_REMOTE_CANCELLATION;
            s.eventToken = VendorEvents.newToken();
            s.lastModified = Instant.now();
            // flushed first (the row stays locked): an add-on order racing this cancellation waits, then finds it
            // cancelled; the add-ons are cancelled first, the parent's own event then waits for their answers
            return subscriptions.flush().chain(() -> addons.cancelAddonsOf(s, creator)).call(waiting -> waiting
                    ? Uni.createFrom().voidItem()
                    : vendorEvents.publish(AddonSubscriptions.eventType(s, EventTypes.SUBSCRIPTION_CANCEL), s, null, null,
                            creator, payloads.notification(EventTypes.SUBSCRIPTION_CANCEL, s)))
                    .map(v -> payloads.view(s));
        });
    }

    public Uni<SubscriptionView> change(Owner owner, String id, ChangeInput input) {
        String partner = caller.partner();
        Map<String, Object> creator = events.currentCreator();
        return Panache.withSession(() -> load(owner, id).map(access::requireManage)).chain(current -> {
            requireChangeable(current);
            long editionId = input.editionId() == null ? current.editionId : input.editionId();
            Long planId = input.paymentPlanId() != null ? input.paymentPlanId()
                    : editionId == current.editionId ? current.paymentPlanId : null;
            var items = input.items() != null ? input.items() : payloads.items(current.items);
            return catalog.resolve(partner, current.productId, editionId, planId, items, current.currency)
                    .chain(terms -> Panache.withTransaction(() -> load(owner, id).chain(s -> {
                        requireChangeable(s);
                        if ((s.parentSubscriptionId != null) != terms.addon()) {
                            throw ApiException.invalidField("editionId", s.parentSubscriptionId != null
                                    ? "an add-on subscription changes to another add-on edition only"
                                    : "edition " + terms.editionId() + " is an add-on; it is ordered against a parent subscription");
                        }
                        return addons.requireAddonOfParent(s, terms).chain(() -> {
                            SubscriptionVendorEvent.Order order = SubscriptionPayloads.order(terms);
                            s.pendingChange = payloads.pendingChangeJson(order, terms.prices());
                            s.eventToken = VendorEvents.newToken();
                            s.lastModified = Instant.now();
                            String type = AddonSubscriptions.eventType(s, EventTypes.SUBSCRIPTION_CHANGE);
                            return subscriptions.flush().call(() -> vendorEvents.publish(type, s, order, null, creator,
                                    List.of())).map(v -> payloads.view(s));
                        });
                    })));
        });
    }

    /** What a user holds in a company: account-service refuses to remove a membership while any count is not zero. */
    public record Entitlements(long activeSubscriptions, long activeAssignments) {
    }

    /** Internal (service token of the partner): the user's subscriptions and assignments in the company that are not over. */
    @WithSession
    public Uni<Entitlements> entitlements(Owner owner) {
        String partner = caller.partner();
        access.requireService(partner);
        return subscriptions.countHeld(partner, owner.company(), owner.user()).chain(held -> assignments
                .countHeld(partner, owner.company(), owner.user()).map(assigned -> new Entitlements(held, assigned)));
    }

    /**
     * The company's billing day changed (account-service): its subscriptions are billed on it from their next billing
     * date. Null (no company day) keeps each subscription's own day.
     */
    public Uni<Void> billingDayChanged(String partner, UUID company, Integer day) {
        if (day == null) {
            return Uni.createFrom().voidItem();
        }
        return Panache.withTransaction(() -> subscriptions.updateBillingDay(partner, company, day)).replaceWithVoid();
    }

    private void requireChangeable(Subscription s) {
        if (s.status != SubscriptionStatus.ACTIVE || s.pendingChange != null) {
            throw ApiException.conflict("INVALID_STATE", "subscription " + s.id + " is " + s.status
                    + (s.pendingChange != null ? " with a change pending" : "") + "; only an ACTIVE subscription can be changed");
        }
    }

    /**
     * The caller's marketplace's subscription (of the owner, when given); another marketplace's is a 404 like an unknown
     * id, so that an id tells nothing of others' orders.
     */
    private Uni<Subscription> load(Owner owner, String id) {
        UUID uuid = Ids.uuid("subscriptionId", id);
        return subscriptions.inPartner(caller.partner(), uuid).map(s -> {
            if (s == null || (owner != null && (!s.companyUuid.equals(owner.company()) || !s.userUuid.equals(owner.user())))) {
                throw ApiException.notFound("Subscription", id);
            }
            return s;
        });
    }
}
