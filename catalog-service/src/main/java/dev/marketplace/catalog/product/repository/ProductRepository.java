package dev.marketplace.catalog.product.repository;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.catalog.product.domain.Product;
import dev.marketplace.common.paging.PageRequest;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class ProductRepository implements PanacheRepositoryBase<Product, Long> {

    /** Products of a partner, optionally only those a developer manages. */
    public Uni<List<Product>> search(String partner, String developer, PageRequest page) {
        Parameters params = Parameters.with("partner", partner);
        return find("from Product p where " + where(developer, params) + " order by p.id", params)
                .page(page.page(), page.size()).list();
    }

    public Uni<Long> count(String partner, String developer) {
        Parameters params = Parameters.with("partner", partner);
        return count("from Product p where " + where(developer, params), params);
    }

    private static String where(String developer, Parameters params) {
        if (developer == null) {
            return "p.partner = :partner";
        }
        params.and("developer", "%|" + developer + "|%");
        return "p.partner = :partner and p.developers like :developer";
    }
}
