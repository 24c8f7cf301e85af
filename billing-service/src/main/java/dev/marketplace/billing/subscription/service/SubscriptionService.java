package dev.marketplace.billing.subscription.service;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
import dev.marketplace.billing.client.CompanyTenancy;
import dev.marketplace.billing.config.BillingConfig;
import dev.marketplace.billing.discount.service.DiscountRedemptions;
import dev.marketplace.common.idempotency.Idempotent;
import dev.marketplace.common.idempotency.IdempotencyKeys;
import dev.marketplace.common.idempotency.IdempotentRequest;
import dev.marketplace.common.idempotency.StoredAnswer;
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
    private final PurchaseRules purchase;
    private final CompanyTenancy tenancy;
    private final DiscountRedemptions discounts;
    private final IdempotencyKeys idempotency;
    private final BillingConfig config;

    public SubscriptionService(SubscriptionRepository subscriptions, AssignmentRepository assignments, CatalogTerms catalog,
            CatalogClient signer, SubscriptionAccess access, SubscriptionPayloads payloads, VendorResults results,
            DomainEventPublisher events, Caller caller, PurchaseRules purchase, DiscountRedemptions discounts,
            IdempotencyKeys idempotency, BillingConfig config, CompanyTenancy tenancy) {
        this.tenancy = tenancy;
        this.purchase = purchase;
        this.discounts = discounts;
        this.idempotency = idempotency;
        this.config = config;
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

    /**
     * Orders an edition. Before anything is written: the catalogue (product, edition, plan, prices in the order's
     * currency), account-service (the buyer may buy for the company) and, for an interactive product, the signed vendor
     * URL. Then, in one transaction: the order, its discount (counted), the company's purchase limits (checked with the
     * company's orders serialised), the vendor event. With an Idempotency-Key, a repeat gets the first answer.
     */
    public Uni<Idempotent<SubscriptionView>> create(Owner owner, OrderInput input, IdempotentRequest key) {
        access.requireBuy(owner.user());
        String partner = caller.partner();
        Map<String, Object> creator = events.currentCreator();
        String eventToken = newToken();
        String currency = input.currency() == null ? config.currency() : input.currency().name();
        Uni<Optional<StoredAnswer>> earlier = key == null ? Uni.createFrom().item(Optional.empty()) : idempotency.lookup(key);
        // the buyer first: another marketplace's company is a 403 before anything about the product is said
        return earlier.chain(found -> found.isPresent() ? Uni.createFrom().item(Idempotent.<SubscriptionView>replayed(found.get()))
                : purchase.buyer(partner, owner).chain(buyer -> catalog.resolve(partner, input.productId(),
                        input.editionId(), input.paymentPlanId(), input.items(), currency).chain(terms -> {
                            if (terms.orderUrlTemplate() == null) {
                                throw ApiException.conflict("VENDOR_NOT_INTEGRATED",
                                        "productId: the product has no SUBSCRIPTION_ORDER event URL; it cannot be ordered");
                            }
                            // signed before anything is written: a catalog failure leaves no order behind
                            Uni<String> redirect = terms.interactive()
                                    ? signer.signedUrl(partner, terms.productId(), "GET", vendorUrl(terms, eventToken))
                                    : Uni.createFrom().nullItem();
                            return redirect.chain(url -> Panache.withTransaction(() -> claim(key).chain(stored -> stored
                                    .isPresent() ? Uni.createFrom().item(Idempotent.<SubscriptionView>replayed(stored.get()))
                                            : order(partner, owner, input, terms, buyer, eventToken, creator, url)
                                                    .call(view -> key == null ? Uni.createFrom().voidItem()
                                                            : idempotency.complete(key, 201, view))
                                                    .map(Idempotent::fresh))));
                        })));
    }

    private Uni<Optional<StoredAnswer>> claim(IdempotentRequest key) {
        return key == null ? Uni.createFrom().item(Optional.empty()) : idempotency.claim(key);
    }

    /** The order's writes, in the caller's transaction. */
    private Uni<SubscriptionView> order(String partner, Owner owner, OrderInput input, OrderTerms terms,
            PurchaseRules.Buyer buyer, String eventToken, Map<String, Object> creator, String redirectUrl) {
        return subscriptions.nextOrderId().chain(orderId -> {
            Subscription s = newSubscription(partner, owner, input, terms, orderId, eventToken);
            s.prices = payloads.json(terms.prices());
            s.buyerRole = buyer.role().name();
            s.billingDay = buyer.company().billingDayOfMonth();
            var order = new DiscountRedemptions.Order(partner, terms.productId(), terms.editionId(), terms.paymentPlanId(),
                    units(terms.items()), owner.company(), owner.user(), s.id);
            String code = input.discountCode() == null || input.discountCode().isBlank() ? null : input.discountCode().trim();
            // flushed first: the redemption row refers to the order
            return subscriptions.persist(s).call(() -> subscriptions.flush())
                    .chain(() -> discounts.redeem(order, code, d -> SubscriptionInvoicing.price(terms.currency(), terms.items(),
                            terms.prices(), d, terms.editionName()).discount()))
                    .chain(discount -> {
                        discount.ifPresent(d -> {
                            s.discountId = d.discountId();
                            s.discountTerms = payloads.json(d);
                        });
                        s.amount = SubscriptionInvoicing.price(terms.currency(), terms.items(), terms.prices(),
                                discount.orElse(null), terms.editionName()).total();
                        return purchase.enforce(partner, owner, buyer, s.amount, s.currency);
                    })
                    .chain(limitAmount -> {
                        s.limitAmount = limitAmount;
                        return subscriptions.flush();
                    })
                    .call(() -> vendorEvent(EventTypes.SUBSCRIPTION_ORDER, s, null, null, creator,
                            payloads.notification(EventTypes.SUBSCRIPTION_ORDER, s)))
                    .map(v -> {
                        SubscriptionView view = payloads.view(s);
                        return redirectUrl != null ? view.withRedirectUrl(redirectUrl) : view;
                    });
        });
    }

    private static Map<String, Integer> units(List<SubscriptionInputs.Item> items) {
        Map<String, Integer> units = new LinkedHashMap<>();
        items.forEach(item -> units.merge(item.unit(), item.quantity(), Integer::sum));
        return units;
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
        // an unknown company is a 404, another marketplace's a 403 (account-service says whose it is)
        return tenancy.requireKnown(partner, owner.company()).chain(() -> subscriptions.search(new SubscriptionRepository.Filter(partner, owner.company(), owner.user(), null), 0, 1000)
                .map(list -> list.stream().map(payloads::view).toList()));
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
            return catalog.resolve(partner, current.productId, editionId, planId, items, current.currency)
                    .chain(terms -> Panache.withTransaction(() -> load(owner, id).chain(s -> {
                        requireChangeable(s);
                        SubscriptionVendorEvent.Order order = SubscriptionPayloads.order(terms);
                        s.pendingChange = payloads.pendingChangeJson(order, terms.prices());
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
        s.currency = terms.currency();
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
