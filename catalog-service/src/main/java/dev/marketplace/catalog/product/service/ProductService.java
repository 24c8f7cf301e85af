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

import dev.marketplace.catalog.integration.domain.ProductIntegration;
import dev.marketplace.catalog.integration.service.Credentials;
import dev.marketplace.common.crypto.SecretCipher;
import dev.marketplace.catalog.integration.repository.IntegrationRepository;
import dev.marketplace.catalog.messaging.CatalogEvents;
import dev.marketplace.catalog.product.domain.Edition;
import dev.marketplace.catalog.product.domain.PaymentPlan;
import dev.marketplace.catalog.product.domain.Product;
import dev.marketplace.catalog.product.domain.RevenueType;
import dev.marketplace.catalog.product.repository.EditionRepository;
import dev.marketplace.catalog.product.repository.PaymentPlanRepository;
import dev.marketplace.catalog.product.repository.ProductRepository;
import dev.marketplace.catalog.product.service.CatalogViews.EditionView;
import dev.marketplace.catalog.product.service.CatalogViews.PlanView;
import dev.marketplace.catalog.product.service.CatalogViews.ProductView;
import dev.marketplace.catalog.product.service.ProductInputs.EditionInput;
import dev.marketplace.catalog.product.service.ProductInputs.PlanInput;
import dev.marketplace.catalog.product.service.ProductInputs.ProductInput;
import dev.marketplace.catalog.support.JsonText;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/** Products, editions and payment plans: rules and transactions. */
@ApplicationScoped
public class ProductService {
    private final ProductRepository products;
    private final EditionRepository editions;
    private final PaymentPlanRepository plans;
    private final IntegrationRepository integrations;
    private final SecretCipher cipher;
    private final ProductAccess access;
    private final CatalogViews views;
    private final JsonText json;
    private final CatalogEvents events;
    private final Caller caller;

    public ProductService(ProductRepository products, EditionRepository editions, PaymentPlanRepository plans,
            IntegrationRepository integrations, SecretCipher cipher, ProductAccess access, CatalogViews views, JsonText json,
            CatalogEvents events, Caller caller) {
        this.products = products;
        this.editions = editions;
        this.plans = plans;
        this.integrations = integrations;
        this.cipher = cipher;
        this.access = access;
        this.views = views;
        this.json = json;
        this.events = events;
        this.caller = caller;
    }

    /**
     * Creates a product with its editions and plans and generates its vendor credentials. The consumer secret is in this
     * response and in the rotation response only.
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
        String consumerKey = Credentials.consumerKey(product.name);
        String secret = Credentials.secret();
        return products.persist(product)
                .call(() -> {
                    ProductIntegration integration = new ProductIntegration();
                    integration.productId = product.id;
                    integration.consumerKey = consumerKey;
                    integration.secretCiphertext = cipher.encrypt(consumerKey, secret);
                    integration.secretRotatedOn = product.createdOn;
                    integration.lastModified = product.createdOn;
                    return integrations.persist(integration);
                })
                .chain(() -> createEditions(product, input.editions() == null ? List.of() : input.editions(), base))
                .map(editionViews -> {
                    Map<String, Object> integration = new LinkedHashMap<>();
                    integration.put("consumerKey", consumerKey);
                    integration.put("consumerSecret", secret);
                    return views.product(product, editionViews, integration);
                })
                .call(view -> events.publish("PRODUCT_CREATED", product.partner, "PRODUCT", product.id.toString(),
                        views.product(product, view.editions(), Map.of("consumerKey", consumerKey))));
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
        return products.count(partner, developer).chain(total -> products.search(partner, developer, page)
                .chain(found -> {
                    Uni<List<ProductView>> all = Uni.createFrom().item(new ArrayList<>());
                    for (Product p : found) {
                        all = all.call(list -> view(p, base).invoke(list::add));
                    }
                    return all.map(list -> PagedResponse.of(list, page, total, uri));
                }));
    }

    @WithTransaction
    public Uni<ProductView> update(long id, ProductInput input, URI base) {
        return load(id).map(access::requireManage).chain(product -> {
            apply(product, input);
            return products.flush().chain(() -> view(product, base))
                    .call(view -> events.publish("PRODUCT_UPDATED", product.partner, "PRODUCT", product.id.toString(), view));
        });
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
                .call(view -> events.publish("EDITION_CREATED", product.partner, "PRODUCT", product.id.toString(),
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
                            .call(view -> events.publish("EDITION_UPDATED", product.partner, "PRODUCT", product.id.toString(),
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
                            .call(view -> events.publish("PAYMENT_PLAN_CREATED", product.partner, "PRODUCT",
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
        plan.contract = input.contract() == null || input.contract().isNull() ? null : json.write(input.contract());
        plan.costs = json.write(input.costs());
        plan.createdOn = Instant.now();
        return plan;
    }

    private Uni<ProductView> view(Product product, URI base) {
        return editions.ofProduct(product.id).chain(list -> plans.ofEditions(list.stream().map(e -> e.id).toList())
                .map(allPlans -> {
                    Map<Long, List<PaymentPlan>> byEdition = new HashMap<>();
                    allPlans.forEach(p -> byEdition.computeIfAbsent(p.editionId, k -> new ArrayList<>()).add(p));
                    List<EditionView> editionViews = list.stream()
                            .map(e -> views.edition(e, byEdition.getOrDefault(e.id, List.of()), base)).toList();
                    return views.product(product, editionViews, null);
                }));
    }

    private Uni<EditionView> editionView(Edition edition, URI base) {
        return plans.ofEdition(edition.id).map(list -> views.edition(edition, list, base));
    }

    private static void apply(Product product, ProductInput input) {
        product.name = input.name().trim();
        product.description = input.description();
        product.productType = input.productType() == null ? "WEB_APP" : input.productType();
        product.vendorName = input.vendorName();
        product.vendorCompanyUuid = input.vendorCompanyUuid() == null ? null : UUID.fromString(input.vendorCompanyUuid());
        product.setDeveloperList(input.developers() == null ? List.of() : List.copyOf(new LinkedHashSet<>(input.developers())));
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
