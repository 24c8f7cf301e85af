package dev.marketplace.catalog.product.service;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.core.type.TypeReference;

import dev.marketplace.catalog.product.domain.BundledProduct;
import dev.marketplace.catalog.product.domain.Edition;
import dev.marketplace.catalog.product.domain.ListingSort;
import dev.marketplace.catalog.product.domain.PaymentPlan;
import dev.marketplace.catalog.product.domain.Product;
import dev.marketplace.catalog.product.repository.BundledProductRepository;
import dev.marketplace.catalog.product.repository.EditionRepository;
import dev.marketplace.catalog.product.repository.PaymentPlanRepository;
import dev.marketplace.catalog.product.repository.ProductRepository;
import dev.marketplace.catalog.support.JsonText;
import dev.marketplace.common.error.ApiException;
import io.smallrye.mutiny.Uni;

/**
 * The catalogue as features read it (the product API, integration, settings, content events, the storefront,
 * checkout): a product by id or refId (404 when there is none), products and editions by id, a page of the storefront
 * and the facts of a page. In the caller's session; the caller applies its access rules.
 */
@ApplicationScoped
public class ProductLookup {
    private final ProductRepository products;
    private final EditionRepository editions;
    private final PaymentPlanRepository plans;
    private final BundledProductRepository members;
    private final JsonText json;

    public ProductLookup(ProductRepository products, EditionRepository editions, PaymentPlanRepository plans,
            BundledProductRepository members, JsonText json) {
        this.products = products;
        this.editions = editions;
        this.plans = plans;
        this.members = members;
        this.json = json;
    }

    /**
     * The product {@code id} of the partner's marketplace, or 404: another marketplace's product is as unknown as a
     * missing one, so that ids (one sequence for every marketplace) tell nothing of others' catalogues.
     */
    public Uni<Product> load(String partner, long id) {
        return products.inPartner(partner, id).onItem().ifNull().failWith(() -> ApiException.notFound("Product", id));
    }

    /** The product {@code id} of whatever marketplace: only for the gateway's lookup of a vendor consumer. */
    public Uni<Product> loadOfAnyPartner(long id) {
        return products.findById(id).onItem().ifNull().failWith(() -> ApiException.notFound("Product", id));
    }

    /** The product with this refId in the partner's marketplace, or 404. */
    public Uni<Product> loadByRefId(String partner, String refId) {
        return products.byRefId(partner, refId).onItem().ifNull().failWith(() -> ApiException.notFound("Product with refId", refId));
    }

    /** Products of the caller's marketplace among {@code ids} (for the storefront's bundle members and checkout). */
    public Uni<List<Product>> ofPartner(String partner, Collection<Long> ids) {
        return products.ofPartner(partner, ids);
    }

    /** Editions by id, of any product (the editions a page's bundles name for their members). */
    public Uni<List<Edition>> editionsById(Collection<Long> ids) {
        return editions.byIds(ids);
    }

    /** A page of the storefront (see {@link ProductRepository#listing}): {@code limit} rows from {@code offset}. */
    public Uni<List<Product>> listing(ListingQuery query, ListingSort sort, boolean ascending, int offset, int limit) {
        ProductRepository.ListingFilter filter = new ProductRepository.ListingFilter(query.partner(), query.status(),
                query.onlyVisible(), query.productType(), query.featured(), query.text());
        return products.listing(filter, sort, ascending, offset, limit);
    }

    /**
     * The facts of several products (editions, plans, costs, bundle members, bundle membership) in three queries whatever
     * their number, keyed by product id, in the order given.
     */
    public Uni<Map<Long, ProductFacts>> facts(List<Product> found) {
        List<Long> ids = found.stream().map(p -> p.id).toList();
        return editions.ofProducts(ids).chain(allEditions -> plans.ofEditions(allEditions.stream().map(e -> e.id).toList())
                .chain(allPlans -> members.touching(ids).map(touching -> {
                    Set<Long> asked = new HashSet<>(ids);
                    List<BundledProduct> allMembers = touching.stream().filter(m -> asked.contains(m.bundleId)).toList();
                    List<BundledProduct> naming = touching.stream().filter(m -> asked.contains(m.productId)).toList();
                    Map<Long, List<PaymentPlan>> byEdition = new HashMap<>();
                    Map<Long, List<ProductInputs.Cost>> costs = new HashMap<>();
                    for (PaymentPlan plan : allPlans) {
                        byEdition.computeIfAbsent(plan.editionId, k -> new ArrayList<>()).add(plan);
                        costs.put(plan.id, json.read(plan.costs, new TypeReference<
                                List<ProductInputs.Cost>>() {
                        }));
                    }
                    Map<Long, List<Edition>> editionsOf = new HashMap<>();
                    allEditions.forEach(e -> editionsOf.computeIfAbsent(e.productId, k -> new ArrayList<>()).add(e));
                    Map<Long, List<BundledProduct>> membersOf = new HashMap<>();
                    allMembers.forEach(m -> membersOf.computeIfAbsent(m.bundleId, k -> new ArrayList<>()).add(m));
                    Set<Long> grouped = new HashSet<>();
                    naming.forEach(m -> grouped.add(m.productId));
                    Map<Long, ProductFacts> result = new LinkedHashMap<>();
                    for (Product p : found) {
                        result.put(p.id, new ProductFacts(p, editionsOf.getOrDefault(p.id, List.of()), byEdition, costs,
                                membersOf.getOrDefault(p.id, List.of()), grouped.contains(p.id)));
                    }
                    return result;
                })));
    }
}
