package dev.marketplace.catalog.product.service;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;

import dev.marketplace.catalog.product.domain.PaymentPlan;
import dev.marketplace.catalog.product.domain.Product;
import dev.marketplace.catalog.product.domain.PublicationStatus;
import dev.marketplace.catalog.product.repository.BundledProductRepository;
import dev.marketplace.catalog.product.repository.EditionRepository;
import dev.marketplace.catalog.product.repository.PaymentPlanRepository;
import dev.marketplace.catalog.product.repository.ProductRepository;
import dev.marketplace.catalog.product.service.CatalogViews.EditionView;
import dev.marketplace.catalog.product.service.CatalogViews.ProductView;
import dev.marketplace.catalog.product.service.ProductInputs.BundleMember;
import dev.marketplace.catalog.product.service.ProductInputs.ProductInput;
import dev.marketplace.catalog.support.JsonText;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.paging.ListQueries;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * Products: creation (with their editions, plans and vendor credentials), reads, changes, the products a bundle groups,
 * and publication. Editions and plans afterwards are {@link EditionService}'s; what other features read of the
 * catalogue is {@link ProductLookup}'s.
 */
@ApplicationScoped
public class ProductService {
    /** The aggregate type of every catalogue event about a product. */
    public static final String AGGREGATE = "PRODUCT";

    private final ProductRepository products;
    private final ProductLookup lookup;
    private final EditionService editionService;
    private final BundleMembers bundleMembers;
    private final EditionRepository editions;
    private final PaymentPlanRepository plans;
    private final BundledProductRepository members;
    private final ProductCredentials credentials;
    private final ProductAccess access;
    private final CatalogViews views;
    private final JsonText json;
    private final DomainEventPublisher events;
    private final Caller caller;

    public ProductService(ProductRepository products, ProductLookup lookup, EditionService editionService,
            BundleMembers bundleMembers, EditionRepository editions, PaymentPlanRepository plans,
            BundledProductRepository members, ProductCredentials credentials, ProductAccess access, CatalogViews views,
            JsonText json, DomainEventPublisher events, Caller caller) {
        this.products = products;
        this.lookup = lookup;
        this.editionService = editionService;
        this.bundleMembers = bundleMembers;
        this.editions = editions;
        this.plans = plans;
        this.members = members;
        this.credentials = credentials;
        this.access = access;
        this.views = views;
        this.json = json;
        this.events = events;
        this.caller = caller;
    }

    /**
     * Creates a product with its editions and plans; the integration feature issues its vendor credentials
     * ({@link ProductCredentials}). The consumer secret is in this response and in the rotation response only.
     */
    @WithTransaction
    public Uni<ProductView> create(ProductInput input, URI base) {
        access.requireCreate();
        Product product = new Product();
        product.uuid = UUID.randomUUID();
        product.partner = caller.partner();
        product.createdOn = Instant.now();
        apply(product, input);
        String developer = access.channelAdmin() ? null : access.developer();
        if (developer != null && !product.developerList().contains(developer)) {
            List<String> devs = new ArrayList<>(product.developerList());
            devs.add(developer);
            product.setDeveloperList(devs);
        }
        List<BundleMember> bundled = input.bundledProducts() == null ? List.of() : input.bundledProducts();
        return checkState(product, input, null)
                .chain(() -> products.persist(product))
                .chain(() -> credentials.issue(product))
                .chain(issued -> bundleMembers.replace(product, bundled)
                        .chain(() -> editionService.createEditions(product, input.editions() == null ? List.of() : input.editions(), base))
                        .map(editionViews -> {
                            Map<String, Object> integration = new LinkedHashMap<>();
                            integration.put("consumerKey", issued.consumerKey());
                            integration.put("consumerSecret", issued.consumerSecret());
                            return views.product(product, editionViews, BundleMembers.views(bundled), integration);
                        })
                        .call(view -> events.publish(EventTypes.PRODUCT_CREATED, product.partner, AGGREGATE,
                                product.id.toString(), views.product(product, view.editions(), view.bundledProducts(),
                                        Map.of("consumerKey", issued.consumerKey())))));
    }

    @WithSession
    public Uni<ProductView> get(long id, URI base) {
        return lookup.load(caller.partner(), id).map(access::requireRead).chain(product -> view(product, base));
    }

    @WithSession
    public Uni<PagedResponse<ProductView>> list(PageRequest page, URI base, UriInfo uri) {
        access.requireList();
        String partner = caller.partner();
        String developer = access.channelReader() ? null : access.developer();
        // the total is the list's counter (exact, never a count of the marketplace's products)
        return ListQueries.readOnlySession().chain(() -> products.count(partner, developer)).chain(total -> products.search(partner, developer, page)
                .chain(found -> views(found, base)).map(list -> PagedResponse.of(list, page, total, uri)));
    }

    @WithTransaction
    public Uni<ProductView> update(long id, ProductInput input, URI base) {
        return lookup.load(caller.partner(), id).map(access::requireManage).chain(product -> checkState(product, input, product.id).chain(() -> {
            apply(product, input);
            return products.flush()
                    .call(() -> bundleMembers.replace(product, input.bundledProducts() == null ? List.of() : input.bundledProducts()))
                    .chain(() -> view(product, base))
                    .call(view -> events.publish(EventTypes.PRODUCT_UPDATED, product.partner, AGGREGATE, product.id.toString(), view));
        }));
    }

    /**
     * Publishes the product: buyers see it in the storefront from now on. It needs an edition a buyer can see, and a
     * BUNDLE needs the products it groups. Channel administrators only.
     */
    @WithTransaction
    public Uni<ProductView> publish(long id, URI base) {
        access.requireChannelAdmin();
        return lookup.load(caller.partner(), id).map(access::requireManage).chain(product -> requirePublishable(product).chain(() ->
                product.status == PublicationStatus.PUBLISHED ? view(product, base)
                        : changeStatus(product, PublicationStatus.PUBLISHED, base)));
    }

    /** A product needs an edition buyers can see, and a BUNDLE the products it groups, before it is published (409). */
    private Uni<Void> requirePublishable(Product product) {
        return editions.ofProduct(product.id).chain(list -> members.ofBundles(List.of(product.id)).invoke(bundled -> {
            List<String> missing = new ArrayList<>();
            if (list.stream().allMatch(e -> e.invisible)) {
                missing.add("editions: a product needs an edition buyers can see before it is published");
            }
            if ("BUNDLE".equals(product.productType) && bundled.isEmpty()) {
                missing.add("bundledProducts: a bundle needs the products it groups before it is published");
            }
            if (!missing.isEmpty()) {
                throw ApiException.conflict("NOT_PUBLISHABLE", String.join("; ", missing));
            }
        })).replaceWithVoid();
    }

    /** Takes the product out of the storefront (it stays for administrators and existing subscriptions). */
    @WithTransaction
    public Uni<ProductView> unpublish(long id, URI base) {
        access.requireChannelAdmin();
        return lookup.load(caller.partner(), id).map(access::requireManage).chain(product -> {
            if (product.status != PublicationStatus.PUBLISHED) {
                throw ApiException.conflict("NOT_PUBLISHED", "status: the product is " + product.status + ", not PUBLISHED");
            }
            return changeStatus(product, PublicationStatus.UNPUBLISHED, base);
        });
    }

    /** Settings asked for the product to be in the catalogue (addToCatalog=true): publishes a product not yet listed. */
    public Uni<Void> addToCatalog(Product product) {
        if (product.status == PublicationStatus.PUBLISHED) {
            return Uni.createFrom().voidItem();
        }
        return requirePublishable(product).chain(() -> changeStatus(product, PublicationStatus.PUBLISHED, null)).replaceWithVoid();
    }

    private Uni<ProductView> changeStatus(Product product, PublicationStatus status, URI base) {
        product.status = status;
        if (status == PublicationStatus.PUBLISHED) {
            product.publishedOn = Instant.now();
        }
        product.lastModified = Instant.now();
        String type = status == PublicationStatus.PUBLISHED ? EventTypes.PRODUCT_PUBLISHED : EventTypes.PRODUCT_UNPUBLISHED;
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("productId", product.id);
        payload.put("status", status.name());
        payload.put("publishedOn", product.publishedOn == null ? null : product.publishedOn.toEpochMilli());
        return products.flush().call(() -> events.publish(type, product.partner, AGGREGATE, product.id.toString(), payload))
                .chain(() -> view(product, base));
    }

    /**
     * Rules that need the stored catalogue: refId unique in the marketplace (409), and the products a bundle groups
     * ({@link BundleMembers#check}).
     */
    private Uni<Void> checkState(Product product, ProductInput input, Long self) {
        Uni<Void> refId = input.refId() == null ? Uni.createFrom().voidItem()
                : products.refIdTaken(product.partner, input.refId(), self).invoke(taken -> {
                    if (taken) {
                        throw ApiException.conflict("DUPLICATE_REF_ID", "refId: another product of the marketplace has " + input.refId());
                    }
                }).replaceWithVoid();
        return refId.chain(() -> bundleMembers.check(product.partner, input, self));
    }

    /** The marketplace's "visible on marketplace" setting, kept on the product for the storefront's filter. */
    public Uni<Void> setVisibleOnMarketplace(Product product, boolean visible) {
        if (product.visibleOnMarketplace == visible) {
            return Uni.createFrom().voidItem();
        }
        product.visibleOnMarketplace = visible;
        product.lastModified = Instant.now();
        return products.flush();
    }

    private Uni<ProductView> view(Product product, URI base) {
        return views(List.of(product), base).map(list -> list.get(0));
    }

    /** Views of several products with three queries whatever their number: editions, plans, bundle members. */
    private Uni<List<ProductView>> views(List<Product> found, URI base) {
        List<Long> ids = found.stream().map(p -> p.id).toList();
        return editions.ofProducts(ids).chain(allEditions -> plans.ofEditions(allEditions.stream().map(e -> e.id).toList())
                .chain(allPlans -> members.ofBundles(ids).map(allMembers -> {
                    Map<Long, List<PaymentPlan>> byEdition = new HashMap<>();
                    allPlans.forEach(p -> byEdition.computeIfAbsent(p.editionId, k -> new ArrayList<>()).add(p));
                    Map<Long, List<EditionView>> byProduct = new HashMap<>();
                    allEditions.forEach(e -> byProduct.computeIfAbsent(e.productId, k -> new ArrayList<>())
                            .add(views.edition(e, byEdition.getOrDefault(e.id, List.of()), base)));
                    Map<Long, List<CatalogViews.MemberView>> membersOf = new HashMap<>();
                    allMembers.forEach(m -> membersOf.computeIfAbsent(m.bundleId, k -> new ArrayList<>())
                            .add(new CatalogViews.MemberView(m.productId, m.editionId)));
                    return found.stream().map(p -> views.product(p, byProduct.getOrDefault(p.id, List.of()),
                            membersOf.getOrDefault(p.id, List.of()), null)).toList();
                })));
    }

    private void apply(Product product, ProductInput input) {
        product.name = input.name().trim();
        product.description = input.description();
        product.productType = input.productType() == null ? "WEB_APP" : input.productType();
        product.vendorName = input.vendorName();
        product.vendorCompanyUuid = input.vendorCompanyUuid() == null ? null : UUID.fromString(input.vendorCompanyUuid());
        product.setDeveloperList(input.developers() == null ? List.of() : List.copyOf(new LinkedHashSet<>(input.developers())));
        product.refId = input.refId();
        product.blurb = input.blurb();
        product.overview = input.overview();
        product.iconUrl = input.iconUrl();
        product.profileLogoUrl = input.profileLogoUrl();
        product.overviewImageUrl = input.overviewImageUrl();
        product.vendorUrl = input.vendorUrl();
        product.downloadFileSize = input.downloadFileSize();
        product.referable = Boolean.TRUE.equals(input.referable());
        product.stacked = Boolean.TRUE.equals(input.stacked());
        ProductInputs.Merchandising m = input.merchandising();
        product.featured = m != null && Boolean.TRUE.equals(m.featured());
        product.featuredSliderPosition = m == null ? null : m.featuredSliderPosition();
        product.staffPick = m != null && Boolean.TRUE.equals(m.staffPick());
        product.staffPickSliderPosition = m == null ? null : m.staffPickSliderPosition();
        product.popular = m != null && Boolean.TRUE.equals(m.popular());
        product.popularity = m == null ? null : m.popularity();
        product.tags = json.write(input.tags() == null ? List.of() : List.copyOf(new LinkedHashSet<>(input.tags())));
        product.supportedLanguages = json.write(input.supportedLanguages() == null ? List.of()
                : List.copyOf(new LinkedHashSet<>(input.supportedLanguages())));
        product.lastModified = Instant.now();
    }
}
