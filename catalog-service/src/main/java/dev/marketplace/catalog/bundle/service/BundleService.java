package dev.marketplace.catalog.bundle.service;

import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.catalog.bundle.service.BundleViews.Bundle;
import dev.marketplace.catalog.bundle.service.BundleViews.BundleListing;
import dev.marketplace.catalog.bundle.service.BundleViews.BundledProduct;
import dev.marketplace.catalog.bundle.service.BundleViews.DiscountDetails;
import dev.marketplace.catalog.bundle.service.BundleViews.PendingAppType;
import dev.marketplace.catalog.bundle.service.BundleViews.Provider;
import dev.marketplace.catalog.bundle.service.BundleViews.StartingPrice;
import dev.marketplace.catalog.bundle.service.BundleViews.UserAppInfo;
import dev.marketplace.catalog.bundle.service.StartingPrices.Start;
import dev.marketplace.catalog.client.BillingClient;
import dev.marketplace.catalog.client.BillingClient.Discount;
import dev.marketplace.catalog.client.BillingClient.Subscription;
import dev.marketplace.catalog.product.domain.Edition;
import dev.marketplace.catalog.product.domain.ListingSort;
import dev.marketplace.catalog.product.domain.Product;
import dev.marketplace.catalog.product.domain.PublicationStatus;
import dev.marketplace.catalog.product.service.CatalogViews;
import dev.marketplace.catalog.product.service.ListingQuery;
import dev.marketplace.catalog.product.service.ProductAccess;
import dev.marketplace.catalog.product.service.ProductFacts;
import dev.marketplace.catalog.product.service.ProductLookup;
import dev.marketplace.catalog.settings.service.SettingsService;
import dev.marketplace.catalog.settings.service.SettingsService.Stored;
import dev.marketplace.catalog.settings.service.SettingsShapes.ApiHealthMaintenance;
import dev.marketplace.catalog.settings.service.SettingsShapes.AvailabilitySettings;
import dev.marketplace.common.client.ServiceRejection;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.paging.ListQueries;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;

/**
 * The storefront: the marketplace's listings (every product; a BUNDLE groups several) with what a buyer needs to choose
 * — starting price, free or trial, buyable, discounts — all derived from the product's editions, plans and settings and
 * from billing's discounts. Buyers see published, visible listings only; channel readers see every product.
 */
@ApplicationScoped
public class BundleService {
    private final ProductLookup products;
    private final ProductAccess access;
    private final SettingsService settings;
    private final StorefrontDiscounts discounts;
    private final BillingClient billing;
    private final CatalogViews views;
    private final Caller caller;

    public BundleService(ProductLookup products, ProductAccess access, SettingsService settings, BillingClient billing,
            StorefrontDiscounts discounts, CatalogViews views, Caller caller) {
        this.products = products;
        this.discounts = discounts;
        this.access = access;
        this.settings = settings;
        this.billing = billing;
        this.views = views;
        this.caller = caller;
    }

    /** The list's query: filters, order, page, and the currency the starting price text is shown in. */
    public record ListQuery(String text, String productType, Boolean featured, PublicationStatus status, ListingSort sort,
            boolean ascending, PageRequest page, String currency) {
    }

    /** One page (plus whether another follows, for the Link header). */
    public record Page(List<BundleListing> listings, boolean hasNext) {
    }

    @WithSession
    public Uni<Page> list(ListQuery query, URI base) {
        String partner = caller.partner();
        boolean admin = access.channelReader();
        if (!admin && query.status() != null && query.status() != PublicationStatus.PUBLISHED) {
            throw ApiException.forbidden();
        }
        ListingQuery filter = new ListingQuery(partner, admin ? query.status() : PublicationStatus.PUBLISHED, !admin,
                query.productType(), query.featured(), query.text());
        PageRequest page = query.page();
        // one more row than the page tells whether a next page exists, without counting the marketplace's products
        return ListQueries.readOnlySession()
                .chain(() -> products.listing(filter, query.sort(), query.ascending(), page.offset(), page.size() + 1))
                .chain(found -> {
                    boolean hasNext = found.size() > page.size();
                    List<Product> shown = hasNext ? found.subList(0, page.size()) : found;
                    return derive(partner, shown).map(derived -> new Page(derived.stream()
                            .map(d -> listing(d, query.currency(), base)).toList(), hasNext));
                });
    }

    @WithSession
    public Uni<Bundle> get(long bundleId, String currency, URI base) {
        return visible(bundleId).chain(product -> derive(product.partner, List.of(product)))
                .map(derived -> bundle(derived.get(0), currency, base));
    }

    /**
     * The bundle's status. Without {@code company}, the marketplace's view: one entry saying nothing is bought, with the
     * trial the bundle offers; catalog cannot tell a user's company (no claim names it, no read model holds
     * memberships, and a user may belong to several), so a call acting as a user gets the same (catalog-service README).
     * With {@code company}, the user's relation to the bundle there: one entry per subscription of it (or of a product
     * it groups) that is not over, or a single entry saying "none"; the user is the caller's ({@code xoauth_requestor_id})
     * or, for channel callers, {@code userId}, and billing answers with the caller's own rights.
     */
    @WithSession
    public Uni<List<UserAppInfo>> status(long bundleId, UUID company, UUID userAsked) {
        if (userAsked != null && !access.channelReader() && !caller.user().map(userAsked::equals).orElse(false)) {
            throw ApiException.forbidden();
        }
        if (company == null) {
            return visible(bundleId).chain(product -> products.facts(List.of(product))
                    .map(all -> List.of(none(all.get(product.id), true))));
        }
        UUID user = userAsked != null ? userAsked : caller.user().orElse(null);
        if (user == null) {
            throw ApiException.invalidField("userId", "is required with companyId when the caller does not act as a user");
        }
        return visible(bundleId).chain(product -> products.facts(List.of(product)).chain(all -> {
            ProductFacts facts = all.get(product.id);
            Set<Long> productIds = new LinkedHashSet<>();
            productIds.add(product.id);
            facts.members().forEach(m -> productIds.add(m.productId));
            return billing.subscriptions(company.toString(), user.toString())
                    .onFailure(ServiceRejection.class).transform(BundleService::rejection)
                    .chain(subscriptions -> userAppInfos(facts, productIds, subscriptions, user));
        }));
    }

    private Uni<List<UserAppInfo>> userAppInfos(ProductFacts facts, Set<Long> productIds, List<Subscription> subscriptions,
            UUID user) {
        List<Subscription> ofBundle = subscriptions.stream().filter(s -> s.productId() != null && productIds.contains(s.productId()))
                .toList();
        List<Subscription> live = ofBundle.stream()
                .filter(s -> !"CANCELLED".equals(s.status()) && !"FAILED".equals(s.status())).toList();
        if (live.isEmpty()) {
            // a trial is for a first subscription only
            return Uni.createFrom().item(List.of(none(facts, ofBundle.isEmpty())));
        }
        Uni<List<UserAppInfo>> all = Uni.createFrom().item(new ArrayList<>());
        for (Subscription s : live) {
            all = all.call(list -> billing.assignments(s.id()).onFailure(ServiceRejection.class).transform(BundleService::rejection)
                    .invoke(assignments -> {
                        boolean assigned = assignments.stream()
                                .anyMatch(a -> user.toString().equals(a.userUuid()) && "ASSIGNED".equals(a.status()));
                        boolean pending = s.status() != null && s.status().startsWith("PENDING_");
                        Edition edition = facts.editions().stream().filter(e -> e.id.equals(s.editionId())).findFirst().orElse(null);
                        long daysLeft = edition != null && ProductFacts.hasTrial(edition) && s.createdOn() != null
                                ? Math.max(0, ProductFacts.trialDays(edition) - Duration.between(Instant.ofEpochMilli(s.createdOn()),
                                        Instant.now()).toDays())
                                : 0;
                        list.add(new UserAppInfo(assigned, pending, false, pending ? PendingAppType.DEFAULT : null,
                                "PENDING_REMOTE_CREATION".equals(s.status()), s.orderId(), s.editionId(), s.editionName(),
                                s.paymentPlanId(), null, null, false, !s.productId().equals(facts.product().id), false,
                                s.userUuid(), daysLeft, false));
                    }));
        }
        return all;
    }

    /** The entry saying nothing of the bundle is bought: a trial is offered when it has a trial edition and {@code firstTime}. */
    private static UserAppInfo none(ProductFacts facts, boolean firstTime) {
        Optional<Edition> trialEdition = facts.visibleEditions().stream().filter(ProductFacts::hasTrial).findFirst();
        boolean trialAllowed = trialEdition.isPresent() && firstTime;
        return new UserAppInfo(false, false, false, null, false, null, null, null, null, null, null, false, false, trialAllowed,
                null, trialAllowed ? ProductFacts.trialDays(trialEdition.get()) : 0, false);
    }

    private static Throwable rejection(Throwable failure) {
        ServiceRejection r = (ServiceRejection) failure;
        if (ServiceRejection.refusesTheCaller(r)) {
            return ServiceRejection.asCallersRefusal(r);
        }
        if (r.status() == 404) {
            return ApiException.invalidField("companyId", "the company or the user is not known to billing");
        }
        return ApiException.badRequest("BILLING_REFUSED", "Billing refused the subscriptions lookup (" + r.status() + ")");
    }

    /**
     * The bundle if the caller may see it: published and visible for buyers, any of the marketplace for channel readers.
     * One 404 for all the rest (unknown, hidden, another marketplace's), so that it tells nothing of which it was.
     */
    private Uni<Product> visible(long bundleId) {
        String partner = caller.partner();
        boolean admin = access.channelReader();
        return products.ofPartner(partner, List.of(bundleId)).map(found -> {
            Product product = found.isEmpty() ? null : found.get(0);
            if (product == null || !(admin || product.status == PublicationStatus.PUBLISHED && product.visibleOnMarketplace)) {
                throw ApiException.notFound("Bundle", bundleId);
            }
            return product;
        });
    }

    /** What a listing is derived from, for a page at once: facts, settings, member products, discounts. */
    private record Derived(ProductFacts facts, Stored settings, Map<Long, Product> memberProducts,
            Map<Long, Edition> memberEditions, StartingPrices.Offered discounts) {
    }

    /**
     * A page's listings' inputs with one query per kind of data, whatever the page's size: the page's editions, plans and
     * bundle rows ({@link ProductLookup#facts}), the products its bundles group and the editions they name (only when
     * the page has a bundle), the page's settings; billing's discounts come from {@link StorefrontDiscounts}.
     */
    private Uni<List<Derived>> derive(String partner, List<Product> page) {
        if (page.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return products.facts(page).chain(facts -> {
            Set<Long> memberIds = new HashSet<>();
            Set<Long> memberEditionIds = new HashSet<>();
            facts.values().forEach(f -> f.members().forEach(m -> {
                memberIds.add(m.productId);
                if (m.editionId != null) {
                    memberEditionIds.add(m.editionId);
                }
            }));
            return products.ofPartner(partner, memberIds).chain(members -> products.editionsById(memberEditionIds)
                    .chain(editions -> settings.storedOf(page.stream().map(p -> p.id).toList())
                    .chain(stored -> StorefrontDiscounts.orNone(discounts.of(partner)).map(offered -> {
                        Map<Long, Product> memberProducts = new HashMap<>();
                        members.forEach(p -> memberProducts.put(p.id, p));
                        Map<Long, Edition> memberEditions = new HashMap<>();
                        // an edition of the member product only (a member row names an edition of its product)
                        editions.forEach(e -> memberEditions.put(e.id, e));
                        return page.stream().map(p -> new Derived(facts.get(p.id), stored.getOrDefault(p.id, Stored.NONE),
                                memberProducts, memberEditions, offered)).toList();
                    }))));
        });
    }

    /** The flags every listing shape shares. */
    private record Flags(boolean free, boolean trialOrFree, boolean buyable, boolean collectLeads, boolean leadsWithPurchase,
            boolean newSubscriptions, boolean changeAllowed, boolean hidePricing) {
    }

    private static Flags flags(Derived d) {
        ProductFacts f = d.facts();
        Product p = f.product();
        Stored s = d.settings();
        List<Edition> visible = f.visibleEditions();
        boolean free = !visible.isEmpty() && visible.stream().allMatch(f::isFree);
        boolean trialOrFree = visible.stream().anyMatch(e -> f.isFree(e) || ProductFacts.hasTrial(e));
        boolean purchasable = visible.stream().anyMatch(e -> !e.bundleOnly && !e.leadGen && (f.isFree(e) || !f.plans(e).isEmpty()));
        boolean buyable = p.status == PublicationStatus.PUBLISHED && purchasable
                && !s.flag(AvailabilitySettings::disableSelfServe) && !s.flag(AvailabilitySettings::showAsComingSoon)
                && !s.leadsInsteadOfPurchase() && !s.endpointOff(ApiHealthMaintenance::purchase);
        boolean collectLeads = s.collectLeads();
        boolean withPurchase = collectLeads && !s.leadsInsteadOfPurchase();
        boolean newSubscriptions = buyable;
        long choices = visible.stream().filter(e -> !e.bundleOnly).mapToLong(e -> Math.max(1, f.plans(e).size())).sum();
        boolean changeAllowed = buyable && choices > 1 && !f.partOfBundle() && !s.endpointOff(ApiHealthMaintenance::updateSubscription);
        return new Flags(free, trialOrFree, buyable, collectLeads, withPurchase, newSubscriptions, changeAllowed,
                s.flag(AvailabilitySettings::hideAllPricing));
    }

    private BundleListing listing(Derived d, String currency, URI base) {
        ProductFacts f = d.facts();
        Product p = f.product();
        Flags flags = flags(d);
        Optional<Start> start = flags.hidePricing() ? Optional.empty() : StartingPrices.of(f);
        String startingPrice = start.map(s -> {
            String shownIn = StartingPrices.displayCurrency(s, currency);
            return StartingPrices.text(s.amount().get(shownIn), shownIn, s.cost(), s.plan().frequency);
        }).orElse(null);
        return new BundleListing(href(base, p), p.id, p.uuid.toString(), p.name, p.productType, status(p), p.iconUrl,
                p.profileLogoUrl, p.description, p.overview, startingPrice, start.map(s -> s.plan().frequency.name()).orElse(null),
                millis(p.publishedOn), p.vendorName, p.vendorName, provider(p), null, null, p.overviewImageUrl, p.blurb,
                flags.buyable(), flags.free(), flags.trialOrFree(), p.referable, flags.collectLeads(), flags.leadsWithPurchase(),
                flags.newSubscriptions(), flags.changeAllowed(), p.downloadFileSize, flags.hidePricing(),
                "ADDON".equals(p.productType), p.featured, p.featuredSliderPosition, p.popular, p.popularity, p.staffPick,
                p.staffPickSliderPosition, discounts(d, start, currency, flags), p.lastModified.toEpochMilli(), views.tags(p),
                views.languages(p), members(d));
    }

    private Bundle bundle(Derived d, String currency, URI base) {
        ProductFacts f = d.facts();
        Product p = f.product();
        Flags flags = flags(d);
        Optional<Start> start = flags.hidePricing() ? Optional.empty() : StartingPrices.of(f);
        StartingPrice startingPrice = start.map(s -> new StartingPrice(s.amount(), s.plan().frequency.name(), s.cost().unit()))
                .orElse(null);
        return new Bundle(href(base, p), p.id, p.uuid.toString(), p.name, p.productType, status(p), p.iconUrl,
                p.profileLogoUrl, p.description, p.overview, startingPrice, start.map(s -> s.plan().frequency.name()).orElse(null),
                millis(p.publishedOn), provider(p), null, null, p.overviewImageUrl, p.blurb, flags.buyable(), flags.free(),
                flags.trialOrFree(), p.referable, flags.collectLeads(), flags.leadsWithPurchase(), flags.newSubscriptions(),
                flags.changeAllowed(), p.downloadFileSize, p.featured, p.featuredSliderPosition, p.popular, p.popularity,
                p.staffPick, p.staffPickSliderPosition, discounts(d, start, currency, flags), p.lastModified.toEpochMilli(),
                views.tags(p), views.languages(p), members(d));
    }

    private static DiscountDetails discounts(Derived d, Optional<Start> start, String currency, Flags flags) {
        return flags.hidePricing() ? null
                : StartingPrices.discounts(d.facts(), start, currency, d.discounts(), Instant.now().toEpochMilli());
    }

    private List<BundledProduct> members(Derived d) {
        List<BundledProduct> result = new ArrayList<>();
        d.facts().members().forEach(m -> {
            Product member = d.memberProducts().get(m.productId);
            if (member != null) {
                Edition named = m.editionId == null ? null : d.memberEditions().get(m.editionId);
                Edition edition = named != null && named.productId.equals(m.productId) ? named : null;
                result.add(new BundledProduct(member.id, member.name, edition == null ? null : edition.name, member.blurb,
                        member.iconUrl, member.overview, member.featured, (BigDecimal) null));
            }
        });
        return result;
    }

    /** Status shows to channel readers only (buyers see published listings, nothing else). */
    private String status(Product p) {
        return access.channelReader() ? p.status.name() : null;
    }

    private static Provider provider(Product p) {
        return p.vendorName == null && p.vendorCompanyUuid == null ? null
                : new Provider(p.vendorCompanyUuid == null ? null : p.vendorCompanyUuid.toString(), p.vendorName, p.vendorUrl);
    }

    private static String href(URI base, Product p) {
        return base == null ? null : base.resolve("api/marketplace/v1/bundles/" + p.id).toString();
    }

    private static Long millis(Instant instant) {
        return instant == null ? null : instant.toEpochMilli();
    }
}
