package dev.marketplace.billing.subscription.service;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.subscription.domain.Assignment;
import dev.marketplace.billing.subscription.domain.AssignmentStatus;
import dev.marketplace.billing.subscription.domain.Subscription;
import dev.marketplace.billing.subscription.domain.SubscriptionStatus;
import dev.marketplace.billing.subscription.repository.AssignmentRepository;
import dev.marketplace.billing.subscription.repository.SubscriptionRepository;
import dev.marketplace.billing.subscription.service.SubscriptionInputs.AssignInput;
import dev.marketplace.billing.subscription.service.SubscriptionInputs.ChangeInput;
import dev.marketplace.billing.subscription.service.SubscriptionInputs.OrderInput;
import dev.marketplace.billing.subscription.service.SubscriptionInputs.ResultInput;
import dev.marketplace.billing.client.CatalogClient;
import dev.marketplace.common.crypto.RandomTokens;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.events.payload.SubscriptionVendorEvent;
import dev.marketplace.common.lookup.CompanyRef;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * Subscription orders and their life cycle. Catalogue checks (HTTP to catalog-service) happen before the transaction;
 * the change and its vendor event are written in one transaction.
 */
@ApplicationScoped
public class SubscriptionService {

    private final SubscriptionRepository subscriptions;
    private final AssignmentRepository assignments;
    private final CatalogTerms catalog;
    private final CatalogClient signer;
    private final SubscriptionAccess access;
    private final SubscriptionPayloads payloads;
    private final VendorResults results;
    private final DomainEventPublisher events;
    private final Caller caller;

    public SubscriptionService(SubscriptionRepository subscriptions, AssignmentRepository assignments, CatalogTerms catalog,
            CatalogClient signer, SubscriptionAccess access, SubscriptionPayloads payloads, VendorResults results,
            DomainEventPublisher events, Caller caller) {
        this.subscriptions = subscriptions;
        this.assignments = assignments;
        this.catalog = catalog;
        this.signer = signer;
        this.access = access;
        this.payloads = payloads;
        this.results = results;
        this.events = events;
        this.caller = caller;
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

    public Uni<SubscriptionView> create(Owner owner, OrderInput input) {
        access.requireBuy(owner.user());
        String partner = caller.partner();
        Map<String, Object> creator = events.currentCreator();
        String eventToken = newToken();
        return catalog.resolve(partner, input.productId(), input.editionId(), input.paymentPlanId(), input.items())
                .chain(terms -> {
                    if (terms.orderUrlTemplate() == null) {
                        throw ApiException.conflict("VENDOR_NOT_INTEGRATED",
                                "productId: the product has no SUBSCRIPTION_ORDER event URL; it cannot be ordered");
                    }
                    // signed before anything is written: a catalog failure leaves no order behind
                    Uni<String> redirect = terms.interactive()
                            ? signer.signedUrl(partner, terms.productId(), "GET", vendorUrl(terms, eventToken))
                            : Uni.createFrom().nullItem();
                    return redirect.chain(url -> Panache.withTransaction(() -> subscriptions.nextOrderId().chain(orderId -> {
                        Subscription s = newSubscription(partner, owner, input, terms, orderId, eventToken);
                        return subscriptions.persist(s)
                                .call(() -> vendorEvent(EventTypes.SUBSCRIPTION_ORDER, s, null, null, creator,
                                        payloads.notification(EventTypes.SUBSCRIPTION_ORDER, s)))
                                .map(saved -> {
                                    SubscriptionView view = payloads.view(saved);
                                    return url != null ? view.withRedirectUrl(url) : view;
                                });
                    })));
                });
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
        return subscriptions.search(new SubscriptionRepository.Filter(partner, owner.company(), owner.user(), null), 0, 1000)
                .map(list -> list.stream().map(payloads::view).toList());
    }

    @WithTransaction
    public Uni<SubscriptionView> cancel(Owner owner, String id) {
        Map<String, Object> creator = events.currentCreator();
        return load(owner, id).map(access::requireManage).chain(s -> {
            if (s.status != SubscriptionStatus.ACTIVE || s.pendingChange != null) {
                throw ApiException.conflict("INVALID_STATE", "subscription " + s.id + " is " + s.status
                        + (s.pendingChange != null ? " with a change pending" : "") + "; only an ACTIVE subscription can be cancelled");
            }
            s.status = SubscriptionStatus.PENDING_REMOTE_CANCELLATION;
            s.eventToken = newToken();
            s.lastModified = Instant.now();
            return subscriptions.flush().call(() -> vendorEvent(EventTypes.SUBSCRIPTION_CANCEL, s, null, null, creator,
                    payloads.notification(EventTypes.SUBSCRIPTION_CANCEL, s))).map(v -> payloads.view(s));
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
            return catalog.resolve(partner, current.productId, editionId, planId, items)
                    .chain(terms -> Panache.withTransaction(() -> load(owner, id).chain(s -> {
                        requireChangeable(s);
                        SubscriptionVendorEvent.Order order = SubscriptionPayloads.order(terms);
                        s.pendingChange = payloads.json(order);
                        s.eventToken = newToken();
                        s.lastModified = Instant.now();
                        return subscriptions.flush().call(() -> vendorEvent(EventTypes.SUBSCRIPTION_CHANGE, s, order, null, creator, List.of()))
                                .map(v -> payloads.view(s));
                    })));
        });
    }

    @WithTransaction
    public Uni<AssignmentView> assign(String id, AssignInput input) {
        Map<String, Object> creator = events.currentCreator();
        UUID user = UUID.fromString(input.uuid());
        return load(null, id).map(access::requireManage).chain(s -> {
            if (s.status != SubscriptionStatus.ACTIVE) {
                throw ApiException.conflict("INVALID_STATE", "subscription " + s.id + " is " + s.status
                        + "; users are assigned to ACTIVE subscriptions only");
            }
            return assignments.find(s.id, user).chain(existing -> {
                if (existing != null && existing.status != AssignmentStatus.UNASSIGNED && existing.status != AssignmentStatus.FAILED) {
                    throw ApiException.conflict("ALREADY_ASSIGNED", "uuid: user " + user + " is " + existing.status);
                }
                Assignment a = existing == null ? new Assignment() : existing;
                Instant now = Instant.now();
                if (existing == null) {
                    a.id = UUID.randomUUID();
                    a.subscriptionId = s.id;
                    a.userUuid = user;
                    a.createdOn = now;
                }
                a.email = input.email();
                a.firstName = input.firstName();
                a.lastName = input.lastName();
                a.locale = input.locale();
                a.status = AssignmentStatus.PENDING_REMOTE_ASSIGNMENT;
                a.errorCode = null;
                a.errorMessage = null;
                a.lastModified = now;
                s.eventToken = newToken();
                s.lastModified = now;
                return (existing == null ? assignments.persist(a) : assignments.flush().replaceWith(a))
                        .call(() -> vendorEvent(EventTypes.USER_ASSIGNMENT, s, null, a, creator, List.of()))
                        .map(AssignmentView::of);
            });
        });
    }

    @WithTransaction
    public Uni<AssignmentView> unassign(String id, String userRef) {
        Map<String, Object> creator = events.currentCreator();
        UUID user = Ids.uuid("userUuid", userRef);
        return load(null, id).map(access::requireManage).chain(s -> assignments.find(s.id, user).chain(a -> {
            if (a == null) {
                throw ApiException.notFound("Assignment of user", user);
            }
            if (a.status != AssignmentStatus.ASSIGNED || s.status != SubscriptionStatus.ACTIVE) {
                throw ApiException.conflict("INVALID_STATE", "user " + user + " is " + a.status + " on a " + s.status
                        + " subscription; only an ASSIGNED user of an ACTIVE subscription can be unassigned");
            }
            Instant now = Instant.now();
            a.status = AssignmentStatus.PENDING_REMOTE_UNASSIGNMENT;
            a.lastModified = now;
            s.eventToken = newToken();
            s.lastModified = now;
            return assignments.flush().call(() -> vendorEvent(EventTypes.USER_UNASSIGNMENT, s, null, a, creator, List.of()))
                    .map(v -> AssignmentView.of(a));
        }));
    }

    @WithSession
    public Uni<List<AssignmentView>> assignments(String id) {
        return load(null, id).map(access::requireRead).chain(s -> assignments.ofSubscription(s.id))
                .map(list -> list.stream().map(AssignmentView::of).toList());
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

    /** Internal: a vendor's result delivered over HTTP (interactive return URL flow). */
    @WithTransaction
    public Uni<SubscriptionView> result(String id, ResultInput input) {
        UUID subscriptionId = Ids.uuid("subscriptionId", id);
        return results.apply(subscriptionId, null, input.checked(), s -> access.requireService(s.partner));
    }

    private void requireChangeable(Subscription s) {
        if (s.status != SubscriptionStatus.ACTIVE || s.pendingChange != null) {
            throw ApiException.conflict("INVALID_STATE", "subscription " + s.id + " is " + s.status
                    + (s.pendingChange != null ? " with a change pending" : "") + "; only an ACTIVE subscription can be changed");
        }
    }

    private Uni<Void> vendorEvent(String type, Subscription s, SubscriptionVendorEvent.Order order, Assignment assigned,
            Map<String, Object> creator, List<NotificationRequest> notifications) {
        return events.publish(type, s.partner, SubscriptionPayloads.AGGREGATE, s.id.toString(),
                payloads.vendorEvent(type, s, order, assigned), notifications, creator).replaceWithVoid();
    }

    private Subscription newSubscription(String partner, Owner owner, OrderInput input, OrderTerms terms, long orderId,
            String eventToken) {
        Subscription s = new Subscription();
        s.id = UUID.randomUUID();
        s.orderId = orderId;
        s.partner = partner;
        s.companyUuid = owner.company();
        s.userUuid = owner.user();
        s.productId = terms.productId();
        s.applicationUuid = terms.applicationUuid();
        s.productName = terms.productName();
        s.vendorName = terms.vendorName();
        s.editionId = terms.editionId();
        s.editionCode = terms.editionCode();
        s.editionName = terms.editionName();
        s.paymentPlanId = terms.paymentPlanId();
        s.pricingDuration = terms.pricingDuration();
        s.items = payloads.json(terms.items());
        Map<String, Object> company = new LinkedHashMap<>();
        company.put("uuid", owner.company().toString());
        company.put("name", input.company().name());
        company.put("email", input.company().email());
        company.put("phoneNumber", input.company().phoneNumber());
        company.put("website", input.company().website());
        company.put("country", input.company().country());
        company.put("externalId", input.company().externalId());
        s.company = payloads.json(company);
        Map<String, Object> buyer = new LinkedHashMap<>();
        buyer.put("uuid", owner.user().toString());
        buyer.put("email", input.user().email());
        buyer.put("firstName", input.user().firstName());
        buyer.put("lastName", input.user().lastName());
        buyer.put("locale", input.user().locale());
        buyer.put("language", input.user().language());
        s.buyer = payloads.json(buyer);
        s.status = SubscriptionStatus.PENDING_REMOTE_CREATION;
        s.interactive = terms.interactive();
        s.eventToken = eventToken;
        s.createdOn = Instant.now();
        s.lastModified = s.createdOn;
        return s;
    }

    /** The vendor's order URL with {eventUrl} filled; catalog signs it with the vendor's credentials. */
    private String vendorUrl(OrderTerms terms, String eventToken) {
        return terms.orderUrlTemplate().replace("{eventUrl}",
                URLEncoder.encode(payloads.eventUrl(eventToken), StandardCharsets.UTF_8));
    }

    private Uni<Subscription> load(Owner owner, String id) {
        UUID uuid = Ids.uuid("subscriptionId", id);
        return subscriptions.findById(uuid).map(s -> {
            if (s == null || (owner != null && (!s.companyUuid.equals(owner.company()) || !s.userUuid.equals(owner.user())))) {
                throw ApiException.notFound("Subscription", id);
            }
            return s;
        });
    }

    private static String newToken() {
        return RandomTokens.hex(16);
    }
}
