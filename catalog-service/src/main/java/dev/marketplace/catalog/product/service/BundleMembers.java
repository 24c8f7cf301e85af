package dev.marketplace.catalog.product.service;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.catalog.product.domain.BundledProduct;
import dev.marketplace.catalog.product.domain.Product;
import dev.marketplace.catalog.product.repository.BundledProductRepository;
import dev.marketplace.catalog.product.repository.EditionRepository;
import dev.marketplace.catalog.product.repository.ProductRepository;
import dev.marketplace.catalog.product.service.ProductInputs.BundleMember;
import dev.marketplace.catalog.product.service.ProductInputs.ProductInput;
import dev.marketplace.common.input.Violations;
import io.smallrye.mutiny.Uni;

/** The products a bundle groups ({@code bundledProducts}), in the caller's transaction. */
@ApplicationScoped
public class BundleMembers {
    private final ProductRepository products;
    private final EditionRepository editions;
    private final BundledProductRepository members;

    public BundleMembers(ProductRepository products, EditionRepository editions, BundledProductRepository members) {
        this.products = products;
        this.editions = editions;
        this.members = members;
    }

    /**
     * Only a BUNDLE groups products, each of this marketplace, not a bundle itself, not twice, with an edition of its own
     * ({@code self}: the bundle's id, null while it is created).
     */
    Uni<Void> check(String partner, ProductInput input, Long self) {
        List<BundleMember> bundled = input.bundledProducts() == null ? List.of() : input.bundledProducts();
        if (bundled.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        String type = input.productType() == null ? "WEB_APP" : input.productType();
        List<Long> ids = bundled.stream().map(BundleMember::productId).toList();
        return products.ofPartner(partner, ids).chain(found -> editions.ofProducts(ids)
                .invoke(memberEditions -> {
                    Map<Long, Product> byId = new HashMap<>();
                    found.forEach(p -> byId.put(p.id, p));
                    Violations v = Violations.start().when(!"BUNDLE".equals(type), "bundledProducts",
                            "only a product of type BUNDLE groups products");
                    Set<Long> seen = new HashSet<>();
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

    /** The bundle groups exactly {@code bundled}, in that order. */
    Uni<Void> replace(Product product, List<BundleMember> bundled) {
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

    static List<CatalogViews.MemberView> views(List<BundleMember> bundled) {
        return bundled.stream().map(m -> new CatalogViews.MemberView(m.productId(), m.editionId())).toList();
    }
}
