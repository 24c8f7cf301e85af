package dev.marketplace.catalog.product.service;

import static dev.marketplace.catalog.product.service.ProductService.AGGREGATE;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.catalog.product.domain.Edition;
import dev.marketplace.catalog.product.domain.PaymentPlan;
import dev.marketplace.catalog.product.domain.Product;
import dev.marketplace.catalog.product.domain.RevenueType;
import dev.marketplace.catalog.product.repository.EditionRepository;
import dev.marketplace.catalog.product.repository.PaymentPlanRepository;
import dev.marketplace.catalog.product.service.CatalogViews.EditionView;
import dev.marketplace.catalog.product.service.CatalogViews.PlanView;
import dev.marketplace.catalog.product.service.ProductInputs.EditionInput;
import dev.marketplace.catalog.product.service.ProductInputs.PlanInput;
import dev.marketplace.catalog.support.JsonText;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * A product's editions and their payment plans: created with the product ({@link ProductService#create}) or added
 * later, changed, read. Each change touches the product and is an event of the product's aggregate.
 */
@ApplicationScoped
public class EditionService {
    private final ProductLookup lookup;
    private final EditionRepository editions;
    private final PaymentPlanRepository plans;
    private final ProductAccess access;
    private final CatalogViews views;
    private final JsonText json;
    private final DomainEventPublisher events;
    private final Caller caller;

    public EditionService(ProductLookup lookup, EditionRepository editions, PaymentPlanRepository plans,
            ProductAccess access, CatalogViews views, JsonText json, DomainEventPublisher events, Caller caller) {
        this.caller = caller;
        this.lookup = lookup;
        this.editions = editions;
        this.plans = plans;
        this.access = access;
        this.views = views;
        this.json = json;
        this.events = events;
    }

    @WithTransaction
    public Uni<EditionView> addEdition(long productId, EditionInput input, URI base) {
        return lookup.load(caller.partner(), productId).map(access::requireManage).chain(product -> editions.codeTaken(product.id, input.code(), null)
                .chain(taken -> {
                    if (taken) {
                        throw ApiException.conflict("DUPLICATE_EDITION_CODE", "code: the product already has an edition " + input.code());
                    }
                    return createEditions(product, List.of(input), base, false);
                })
                .map(list -> list.get(0))
                .call(view -> touch(product))
                .call(view -> events.publish(EventTypes.EDITION_CREATED, product.partner, AGGREGATE, product.id.toString(),
                        Map.of("productId", product.id, "edition", view))));
    }

    @WithTransaction
    public Uni<EditionView> updateEdition(long productId, long editionId, EditionInput input, URI base) {
        return lookup.load(caller.partner(), productId).map(access::requireManage).chain(product -> loadEdition(product, editionId)
                .call(edition -> editions.codeTaken(product.id, input.code(), edition.id).invoke(taken -> {
                    if (taken) {
                        throw ApiException.conflict("DUPLICATE_EDITION_CODE", "code: the product already has an edition " + input.code());
                    }
                }))
                .call(edition -> requireParent(product, input.parentProductId(), "parentProductId"))
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
        return lookup.load(caller.partner(), productId).map(access::requireCatalogueRead)
                .chain(product -> loadEdition(product, editionId)).chain(edition -> editionView(edition, base));
    }

    @WithTransaction
    public Uni<PlanView> addPlan(long productId, long editionId, PlanInput input, URI base) {
        return lookup.load(caller.partner(), productId).map(access::requireManage).chain(product -> loadEdition(product, editionId)
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
        return lookup.load(caller.partner(), productId).map(access::requireCatalogueRead).chain(product -> loadEdition(product, editionId)
                .chain(edition -> plans.findById(planId).map(plan -> {
                    if (plan == null || !plan.editionId.equals(edition.id)) {
                        throw ApiException.notFound("Payment plan", planId);
                    }
                    return views.plan(edition, plan, base);
                })));
    }

    private Uni<Edition> loadEdition(Product product, long editionId) {
        return editions.ofProduct(product.id, editionId)
                .onItem().ifNull().failWith(() -> ApiException.notFound("Edition", editionId));
    }

    private Uni<Void> touch(Product product) {
        product.lastModified = Instant.now();
        return Uni.createFrom().voidItem();
    }

    /** Creates editions with their plans (a new product's, or one added), in the caller's transaction. */
    Uni<List<EditionView>> createEditions(Product product, List<EditionInput> inputs, URI base) {
        return createEditions(product, inputs, base, true);
    }

    /** {@code ofProduct}: the editions come in a product's body, so that a refused parent is named by its index. */
    private Uni<List<EditionView>> createEditions(Product product, List<EditionInput> inputs, URI base, boolean ofProduct) {
        Uni<List<EditionView>> chain = Uni.createFrom().item(new ArrayList<>());
        for (int i = 0; i < inputs.size(); i++) {
            EditionInput input = inputs.get(i);
            String parentField = ofProduct ? "editions[" + i + "].parentProductId" : "parentProductId";
            chain = chain.call(list -> requireParent(product, input.parentProductId(), parentField)).call(list -> {
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

    /**
     * An add-on's parent is another product of the same marketplace; another marketplace's id is refused like an unknown
     * one. A 400 naming the field, before anything is written.
     */
    private Uni<Void> requireParent(Product product, Long parentProductId, String field) {
        if (parentProductId == null) {
            return Uni.createFrom().voidItem();
        }
        if (parentProductId.equals(product.id)) {
            throw ApiException.invalidField(field, "must be another product (an edition cannot be an add-on of its own product)");
        }
        return lookup.ofPartner(product.partner, List.of(parentProductId)).invoke(found -> {
            if (found.isEmpty()) {
                throw ApiException.invalidField(field, "no product " + parentProductId + " in this marketplace");
            }
        }).replaceWithVoid();
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

    private Uni<EditionView> editionView(Edition edition, URI base) {
        return plans.ofEdition(edition.id).map(list -> views.edition(edition, list, base));
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
        edition.parentProductId = input.parentProductId();
        edition.lastModified = Instant.now();
    }
}
