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

import dev.marketplace.billing.client.CatalogClient;
import dev.marketplace.billing.config.BillingConfig;
import dev.marketplace.billing.discount.service.DiscountRedemptions;
import dev.marketplace.billing.subscription.domain.Subscription;
import dev.marketplace.billing.subscription.domain.SubscriptionStatus;
import dev.marketplace.billing.subscription.repository.SubscriptionRepository;
import dev.marketplace.billing.subscription.service.SubscriptionInputs.OrderInput;
import dev.marketplace.billing.subscription.service.SubscriptionService.Owner;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.idempotency.IdempotencyKeys;
import dev.marketplace.common.idempotency.Idempotent;
import dev.marketplace.common.idempotency.IdempotentRequest;
import dev.marketplace.common.idempotency.StoredAnswer;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/**
 * Subscription orders: a buyer orders an edition of a product. Catalogue, buyer and vendor URL are settled (HTTP to
 * catalog-service and account-service) before the transaction; the order, its discount, the purchase limits and its
 * vendor event are written in one.
 */
@ApplicationScoped
public class SubscriptionOrders {
    private final SubscriptionRepository subscriptions;
    private final CatalogTerms catalog;
    private final CatalogClient signer;
    private final SubscriptionAccess access;
    private final SubscriptionPayloads payloads;
    private final VendorEvents vendorEvents;
    private final DomainEventPublisher events;
    private final Caller caller;
    private final PurchaseRules purchase;
    private final DiscountRedemptions discounts;
    private final IdempotencyKeys idempotency;
    private final BillingConfig config;
    private final AddonSubscriptions addons;

    public SubscriptionOrders(SubscriptionRepository subscriptions, CatalogTerms catalog, CatalogClient signer,
            SubscriptionAccess access, SubscriptionPayloads payloads, VendorEvents vendorEvents, DomainEventPublisher events,
            Caller caller, PurchaseRules purchase, DiscountRedemptions discounts, IdempotencyKeys idempotency,
            BillingConfig config, AddonSubscriptions addons) {
        this.addons = addons;
        this.subscriptions = subscriptions;
        this.catalog = catalog;
        this.signer = signer;
        this.access = access;
        this.payloads = payloads;
        this.vendorEvents = vendorEvents;
        this.events = events;
        this.caller = caller;
        this.purchase = purchase;
        this.discounts = discounts;
        this.idempotency = idempotency;
        this.config = config;
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
        String eventToken = VendorEvents.newToken();
        String currency = input.currency() == null ? config.currency() : input.currency().name();
        // the buyer first: another marketplace's company is the 404 of an unknown one before anything about the product
        // is said, and before any stored answer is replayed (a replay says what a fresh call would refuse)
        return purchase.buyer(partner, owner).chain(buyer -> (key == null ? Uni.createFrom().item(Optional.<StoredAnswer>empty())
                : idempotency.lookup(key)).chain(found -> found.isPresent()
                        ? Uni.createFrom().item(Idempotent.<SubscriptionView>replayed(found.get()))
                        : catalog.resolve(partner, input.productId(),
                        input.editionId(), input.paymentPlanId(), input.items(), currency)
                        .chain(terms -> addons.parentOf(partner, owner, input, terms).chain(parentId -> {
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
                                            : order(partner, owner, input, terms, buyer, eventToken, creator, url, parentId)
                                                    .call(view -> key == null ? Uni.createFrom().voidItem()
                                                            : idempotency.complete(key, 201, view))
                                                    .map(Idempotent::fresh))));
                        }))));
    }

    private Uni<Optional<StoredAnswer>> claim(IdempotentRequest key) {
        return key == null ? Uni.createFrom().item(Optional.empty()) : idempotency.claim(key);
    }

    /** The order's writes, in the caller's transaction; {@code parentId}: an add-on's parent, else null. */
    private Uni<SubscriptionView> order(String partner, Owner owner, OrderInput input, OrderTerms terms,
            PurchaseRules.Buyer buyer, String eventToken, Map<String, Object> creator, String redirectUrl, UUID parentId) {
        return subscriptions.nextOrderId().chain(orderId -> {
            Subscription s = newSubscription(partner, owner, input, terms, orderId, eventToken);
            return (parentId == null ? Uni.createFrom().<Subscription>nullItem() : addons.attach(s, parentId, owner, terms))
                    .chain(parent -> order(partner, owner, input, terms, buyer, creator, redirectUrl, s, parent));
        });
    }

    private Uni<SubscriptionView> order(String partner, Owner owner, OrderInput input, OrderTerms terms,
            PurchaseRules.Buyer buyer, Map<String, Object> creator, String redirectUrl, Subscription s, Subscription parent) {
        s.prices = payloads.json(terms.prices());
        s.buyerRole = buyer.role().name();
        s.billingDay = buyer.company().billingDayOfMonth();
        var order = new DiscountRedemptions.Order(partner, terms.productId(), terms.editionId(), terms.paymentPlanId(),
                units(terms.items()), terms.currency(), owner.company(), owner.user(), s.id);
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
                .call(() -> vendorEvents.publish(AddonSubscriptions.eventType(s, EventTypes.SUBSCRIPTION_ORDER), s, null,
                        null, creator, parent != null ? addons.orderNotification(s, parent)
                                : payloads.notification(OutcomeNotices.orderType(s), s)))
                .map(v -> {
                    SubscriptionView view = payloads.view(s);
                    return redirectUrl != null ? view.withRedirectUrl(redirectUrl) : view;
                });
    }

    private static Map<String, Integer> units(List<SubscriptionInputs.Item> items) {
        Map<String, Integer> units = new LinkedHashMap<>();
        items.forEach(item -> units.merge(item.unit(), item.quantity(), Integer::sum));
        return units;
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
}
