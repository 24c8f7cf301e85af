package dev.marketplace.catalog.product.repository;

import java.util.Collection;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.catalog.product.domain.BundledProduct;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class BundledProductRepository implements PanacheRepositoryBase<BundledProduct, BundledProduct.Key> {

    /** The members of the given bundles, in bundle order. */
    public Uni<List<BundledProduct>> ofBundles(Collection<Long> bundleIds) {
        if (bundleIds.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return list("bundleId in ?1 order by bundleId, position", bundleIds);
    }

    /**
     * In one query, the rows of the given products as bundles (their members) and as members (which bundle groups them):
     * {@code bundleId in ids or productId in ids}, each side through its index (the key, and bundle_product_member).
     */
    public Uni<List<BundledProduct>> touching(Collection<Long> productIds) {
        if (productIds.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return list("bundleId in ?1 or productId in ?1 order by bundleId, position", productIds);
    }

    /** Rows naming any of {@code productIds} as a member (which of them a bundle groups). */
    public Uni<List<BundledProduct>> naming(Collection<Long> productIds) {
        if (productIds.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return list("productId in ?1", productIds);
    }

    public Uni<Long> removeAll(long bundleId) {
        return delete("bundleId", bundleId);
    }
}
