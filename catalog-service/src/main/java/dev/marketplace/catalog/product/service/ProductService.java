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

import dev.marketplace.catalog.product.domain.BundledProduct;
import dev.marketplace.catalog.product.domain.Edition;
import dev.marketplace.catalog.product.domain.ListingSort;
import dev.marketplace.catalog.product.domain.PaymentPlan;
import dev.marketplace.catalog.product.domain.Product;
import dev.marketplace.catalog.product.domain.PublicationStatus;
import dev.marketplace.catalog.product.domain.RevenueType;
import dev.marketplace.catalog.product.repository.BundledProductRepository;
import dev.marketplace.catalog.product.repository.EditionRepository;
import dev.marketplace.catalog.product.repository.PaymentPlanRepository;
import dev.marketplace.catalog.product.repository.ProductRepository;
import dev.marketplace.catalog.product.service.CatalogViews.EditionView;
import dev.marketplace.catalog.product.service.CatalogViews.PlanView;
import dev.marketplace.catalog.product.service.CatalogViews.ProductView;
import dev.marketplace.catalog.product.service.ProductInputs.BundleMember;
import dev.marketplace.catalog.product.service.ProductInputs.EditionInput;
import dev.marketplace.catalog.product.service.ProductInputs.PlanInput;
import dev.marketplace.catalog.product.service.ProductInputs.ProductInput;
import dev.marketplace.catalog.support.JsonText;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.input.Violations;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.paging.ListQueries;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/** Products, editions and payment plans: rules and transactions. */
@ApplicationScoped
public class ProductService {
    /** The aggregate type of every catalogue event about a product. */
    public static final String AGGREGATE = "PRODUCT";

    private final ProductRepository products;
    private final EditionRepository editions;
    private final PaymentPlanRepository plans;
    private final BundledProductRepository members;
    private final ProductCredentials credentials;
    private final ProductAccess access;
    private final CatalogViews views;
    private final JsonText json;
    private final DomainEventPublisher events;
    private final Caller caller;

    public ProductService(ProductRepository products, EditionRepository editions, PaymentPlanRepository plans,
            BundledProductRepository members, ProductCredentials credentials, ProductAccess access,
            CatalogViews views, JsonText json, DomainEventPublisher events, Caller caller) {
        this.products = products;
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
                .chain(issued -> replaceMembers(product, bundled)
                        .chain(() -> createEditions(product, input.editions() == null ? List.of() : input.editions(), base))
                        .map(editionViews -> {
                            Map<String, Object> integration = new LinkedHashMap<>();
                            integration.put("consumerKey", issued.consumerKey());
                            integration.put("consumerSecret", issued.consumerSecret());
                            return views.product(product, editionViews, memberViews(bundled), integration);
                        })
                        .call(view -> events.publish(EventTypes.PRODUCT_CREATED, product.partner, AGGREGATE,
                                product.id.toString(), views.product(product, view.editions(), view.bundledProducts(),
                                        Map.of("consumerKey", issued.consumerKey())))));
    }

    @WithSession
    public Uni<ProductView> get(long id, URI base) {
        return load(id).map(access::requireRead).chain(product -> view(product, base));
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
        return load(id).map(access::requireManage).chain(product -> checkState(product, input, product.id).chain(() -> {
            apply(product, input);
            return products.flush()
                    .call(() -> replaceMembers(product, input.bundledProducts() == null ? List.of() : input.bundledProducts()))
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
        return load(id).map(access::requireManage).chain(product -> requirePublishable(product).chain(() ->
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
        return load(id).map(access::requireManage).chain(product -> {
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
     * Rules that need the stored catalogue: refId unique in the marketplace (409), and the products a bundle groups —
     * only a BUNDLE groups products, each of this marketplace, not a bundle itself, not twice, with an edition of its own.
     */
    private Uni<Void> checkState(Product product, ProductInput input, Long self) {
        List<BundleMember> bundled = input.bundledProducts() == null ? List.of() : input.bundledProducts();
        Uni<Void> refId = input.refId() == null ? Uni.createFrom().voidItem()
                : products.refIdTaken(product.partner, input.refId(), self).invoke(taken -> {
                    if (taken) {
                        throw ApiException.conflict("DUPLICATE_REF_ID", "refId: another product of the marketplace has " + input.refId());
                    }
                }).replaceWithVoid();
        if (bundled.isEmpty()) {
            return refId;
        }
        String type = input.productType() == null ? "WEB_APP" : input.productType();
        List<Long> ids = bundled.stream().map(BundleMember::productId).toList();
        return refId.chain(() -> products.ofPartner(product.partner, ids)).chain(found -> editions.ofProducts(ids)
                .invoke(memberEditions -> {
                    Map<Long, Product> byId = new HashMap<>();
                    found.forEach(p -> byId.put(p.id, p));
                    Violations v = Violations.start().when(!"BUNDLE".equals(type), "bundledProducts",
                            "only a product of type BUNDLE groups products");
                    java.util.Set<Long> seen = new java.util.HashSet<>();
                    for (int i = 0; i < bundled.size(); i++) {
                        BundleMember member = bundled.get(i);
                        String field = "bundledProducts[" + i + "]";
                        Product p = byId.get(member.productId());
                        if (p == null) {
                            v.add(field + ".productId", "is not a product of this marketplace");
                            continue;
                        }
                        v.when(member.productId().equals(self), field + ".productId", "a bundle cannot group itself")
                                .when("BUNDLE".equals(p.productType), field + ".productId", "a bundle cannot group another bundle")
                                .when(!seen.add(member.productId()), field + ".productId", "is grouped twice");
                        v.when(member.editionId() != null && memberEditions.stream()
                                .noneMatch(e -> e.id.equals(member.editionId()) && e.productId.equals(member.productId())),
                                field + ".editionId", "is not an edition of that product");
                    }
                    v.throwIfAny();
                })).replaceWithVoid();
    }

    private Uni<Void> replaceMembers(Product product, List<BundleMember> bundled) {
        return members.removeAll(product.id).chain(() -> {
            List<BundledProduct> rows = new ArrayList<>();
            for (int i = 0; i < bundled.size(); i++) {
                BundledProduct row = new BundledProduct();
                row.bundleId = product.id;
                row.productId = bundled.get(i).productId();
                row.editionId = bundled.get(i).editionId();
                row.position = i;
                rows.add(row);
            }
            return rows.isEmpty() ? Uni.createFrom().voidItem() : members.persist(rows);
        });
    }

    private static List<CatalogViews.MemberView> memberViews(List<BundleMember> bundled) {
        return bundled.stream().map(m -> new CatalogViews.MemberView(m.productId(), m.editionId())).toList();
    }

    @WithTransaction
    public Uni<EditionView> addEdition(long productId, EditionInput input, URI base) {
        return load(productId).map(access::requireManage).chain(product -> editions.codeTaken(product.id, input.code(), null)
                .chain(taken -> {
                    if (taken) {
                        throw ApiException.conflict("DUPLICATE_EDITION_CODE", "code: the product already has an edition " + input.code());
                    }
                    return createEditions(product, List.of(input), base);
                })
                .map(list -> list.get(0))
                .call(view -> touch(product))
                .call(view -> events.publish(EventTypes.EDITION_CREATED, product.partner, AGGREGATE, product.id.toString(),
                        Map.of("productId", product.id, "edition", view))));
    }

    @WithTransaction
    public Uni<EditionView> updateEdition(long productId, long editionId, EditionInput input, URI base) {
        return load(productId).map(access::requireManage).chain(product -> loadEdition(product, editionId)
                .call(edition -> editions.codeTaken(product.id, input.code(), edition.id).invoke(taken -> {
                    if (taken) {
                        throw ApiException.conflict("DUPLICATE_EDITION_CODE", "code: the product already has an edition " + input.code());
                    }
                }))
                .chain(edition -> {
                    apply(edition, input);
                    return editions.flush().chain(() -> editionView(edition, base))
                            .call(view -> touch(product))
                            .call(view -> events.publish(EventTypes.EDITION_UPDATED, product.partner, AGGREGATE, product.id.toString(),
                                    Map.of("productId", product.id, "edition", view)));
                }));
    }

    /** Spec Table A: the edition of a product, for any caller of the product's marketplace. */
    @WithSession
    public Uni<EditionView> edition(long productId, long editionId, URI base) {
        return load(productId).map(access::requireCatalogueRead)
                .chain(product -> loadEdition(product, editionId)).chain(edition -> editionView(edition, base));
    }

    @WithTransaction
    public Uni<PlanView> addPlan(long productId, long editionId, PlanInput input, URI base) {
        return load(productId).map(access::requireManage).chain(product -> loadEdition(product, editionId)
                .chain(edition -> {
                    PaymentPlan plan = newPlan(edition, input);
                    return plans.persist(plan).map(saved -> views.plan(edition, saved, base))
                            .call(view -> touch(product))
                            .call(view -> events.publish(EventTypes.PAYMENT_PLAN_CREATED, product.partner, AGGREGATE,
                                    product.id.toString(), Map.of("productId", product.id, "editionId", edition.id, "plan", view)));
                }));
    }

    @WithSession
    public Uni<PlanView> plan(long productId, long editionId, long planId, URI base) {
        return load(productId).map(access::requireCatalogueRead).chain(product -> loadEdition(product, editionId)
                .chain(edition -> plans.findById(planId).map(plan -> {
                    if (plan == null || !plan.editionId.equals(edition.id)) {
                        throw ApiException.notFound("Payment plan", planId);
                    }
                    return views.plan(edition, plan, base);
                })));
    }

    public Uni<Product> load(long id) {
        return products.findById(id).onItem().ifNull().failWith(() -> ApiException.notFound("Product", id));
    }

    private Uni<Edition> loadEdition(Product product, long editionId) {
        return editions.ofProduct(product.id, editionId)
                .onItem().ifNull().failWith(() -> ApiException.notFound("Edition", editionId));
    }

    private Uni<Void> touch(Product product) {
        product.lastModified = Instant.now();
        return Uni.createFrom().voidItem();
    }

    private Uni<List<EditionView>> createEditions(Product product, List<EditionInput> inputs, URI base) {
        Uni<List<EditionView>> chain = Uni.createFrom().item(new ArrayList<>());
        for (EditionInput input : inputs) {
            chain = chain.call(list -> {
                Edition edition = new Edition();
                edition.uuid = UUID.randomUUID();
                edition.productId = product.id;
                apply(edition, input);
                return editions.persist(edition).chain(saved -> {
                    List<PaymentPlan> newPlans = new ArrayList<>();
                    for (PlanInput plan : input.plans() == null ? List.<PlanInput>of() : input.plans()) {
                        newPlans.add(newPlan(saved, plan));
                    }
                    return (newPlans.isEmpty() ? Uni.createFrom().voidItem() : plans.persist(newPlans)).replaceWith(newPlans)
                            .map(persisted -> views.edition(saved, persisted, base)).invoke(list::add);
                });
            });
        }
        return chain;
    }

    private PaymentPlan newPlan(Edition edition, PlanInput input) {
        PaymentPlan plan = new PaymentPlan();
        plan.uuid = UUID.randomUUID();
        plan.editionId = edition.id;
        plan.frequency = input.frequency();
        plan.primaryPrice = Boolean.TRUE.equals(input.primaryPrice());
        plan.allowCustomUsage = Boolean.TRUE.equals(input.allowCustomUsage());
        plan.contract = input.contract() == null ? null : json.write(input.contract());
        plan.costs = json.write(input.costs());
        plan.createdOn = Instant.now();
        return plan;
    }

    /**
     * The facts of several products (editions, plans, costs, bundle members, bundle membership) in three queries whatever
     * their number, keyed by product id, in the order given.
     */
    public Uni<Map<Long, ProductFacts>> facts(List<Product> found) {
        List<Long> ids = found.stream().map(p -> p.id).toList();
        return editions.ofProducts(ids).chain(allEditions -> plans.ofEditions(allEditions.stream().map(e -> e.id).toList())
                .chain(allPlans -> members.touching(ids).map(touching -> {
                    java.util.Set<Long> asked = new java.util.HashSet<>(ids);
                    List<BundledProduct> allMembers = touching.stream().filter(m -> asked.contains(m.bundleId)).toList();
                    List<BundledProduct> naming = touching.stream().filter(m -> asked.contains(m.productId)).toList();
                    Map<Long, List<PaymentPlan>> byEdition = new HashMap<>();
                    Map<Long, List<ProductInputs.Cost>> costs = new HashMap<>();
                    for (PaymentPlan plan : allPlans) {
                        byEdition.computeIfAbsent(plan.editionId, k -> new ArrayList<>()).add(plan);
                        costs.put(plan.id, json.read(plan.costs, new com.fasterxml.jackson.core.type.TypeReference<
                                List<ProductInputs.Cost>>() {
                        }));
                    }
                    Map<Long, List<Edition>> editionsOf = new HashMap<>();
                    allEditions.forEach(e -> editionsOf.computeIfAbsent(e.productId, k -> new ArrayList<>()).add(e));
                    Map<Long, List<BundledProduct>> membersOf = new HashMap<>();
                    allMembers.forEach(m -> membersOf.computeIfAbsent(m.bundleId, k -> new ArrayList<>()).add(m));
                    java.util.Set<Long> grouped = new java.util.HashSet<>();
                    naming.forEach(m -> grouped.add(m.productId));
                    Map<Long, ProductFacts> result = new LinkedHashMap<>();
                    for (Product p : found) {
                        result.put(p.id, new ProductFacts(p, editionsOf.getOrDefault(p.id, List.of()), byEdition, costs,
                                membersOf.getOrDefault(p.id, List.of()), grouped.contains(p.id)));
                    }
                    return result;
                })));
    }

    /** Editions by id, of any product (the editions a page's bundles name for their members). */
    public Uni<List<Edition>> editionsById(java.util.Collection<Long> ids) {
        return editions.byIds(ids);
    }

    /** Products of the caller's marketplace among {@code ids} (for the storefront's bundle members and checkout). */
    public Uni<List<Product>> ofPartner(String partner, java.util.Collection<Long> ids) {
        return products.ofPartner(partner, ids);
    }

    /** The product with this refId in the partner's marketplace, or 404. */
    public Uni<Product> loadByRefId(String partner, String refId) {
        return products.byRefId(partner, refId).onItem().ifNull().failWith(() -> ApiException.notFound("Product with refId", refId));
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

    /** A page of the storefront (see {@link ProductRepository#listing}): {@code limit} rows from {@code offset}. */
    public Uni<List<Product>> listing(ListingQuery query, ListingSort sort, boolean ascending, int offset, int limit) {
        ProductRepository.ListingFilter filter = new ProductRepository.ListingFilter(query.partner(), query.status(),
                query.onlyVisible(), query.productType(), query.featured(), query.text());
        return products.listing(filter, sort, ascending, offset, limit);
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

    private Uni<EditionView> editionView(Edition edition, URI base) {
        return plans.ofEdition(edition.id).map(list -> views.edition(edition, list, base));
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

    private void apply(Edition edition, EditionInput input) {
        edition.code = input.code();
        edition.name = input.name().trim();
        edition.rank = input.rank() == null ? 0 : input.rank();
        edition.primary = Boolean.TRUE.equals(input.primary());
        edition.trialLength = input.trial() == null ? null : input.trial().length();
        edition.trialUnit = input.trial() == null ? null : input.trial().unit().name();
        edition.expiredTrialGracePeriod = input.expiredTrialGracePeriod();
        edition.bundleOnly = Boolean.TRUE.equals(input.bundleOnly());
        edition.targetAudience = input.targetAudience();
        edition.defaultFreeTrial = Boolean.TRUE.equals(input.defaultFreeTrial());
        edition.invisible = Boolean.TRUE.equals(input.invisible());
        edition.leadGen = Boolean.TRUE.equals(input.leadGen());
        edition.revenueType = (input.revenueType() == null ? RevenueType.RECURRING : input.revenueType()).name();
        edition.restricted = Boolean.TRUE.equals(input.restricted());
        edition.freeTrialDuration = input.freeTrialDuration();
        edition.freeTrialType = input.freeTrialType() == null ? null : input.freeTrialType().name();
        edition.customerContractRestricted = Boolean.TRUE.equals(input.customerContractRestricted());
        edition.bullets = json.write(input.bullets() == null ? List.of() : input.bullets());
        edition.items = json.write(input.items() == null ? List.of() : input.items());
        edition.customizations = json.write(input.customizations() == null ? List.of() : input.customizations());
        edition.lastModified = Instant.now();
    }
}
