package dev.marketplace.catalog.product.repository;

import java.util.Collection;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.catalog.product.domain.Product;
import dev.marketplace.catalog.product.domain.PublicationStatus;
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

    public Uni<Product> byRefId(String partner, String refId) {
        return find("partner = ?1 and refId = ?2", partner, refId).firstResult();
    }

    public Uni<Boolean> refIdTaken(String partner, String refId, Long exceptProduct) {
        return count("partner = ?1 and refId = ?2 and id <> ?3", partner, refId, exceptProduct == null ? -1L : exceptProduct)
                .map(n -> n > 0);
    }

    /** The products of {@code partner} among {@code ids}. */
    public Uni<List<Product>> ofPartner(String partner, Collection<Long> ids) {
        if (ids.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return list("partner = ?1 and id in ?2", partner, ids);
    }

    /** The storefront's filters; null means "any". {@code text} is matched as a lower-case substring. */
    public record ListingFilter(String partner, PublicationStatus status, boolean onlyVisible, String productType,
            Boolean featured, String text) {
    }

    public enum ListingSort {
        NAME("lower(p.name)"), PUBLISHED_ON("p.publishedOn"), LAST_MODIFIED("p.lastModified");

        private final String expression;

        ListingSort(String expression) {
            this.expression = expression;
        }
    }

    /**
     * {@code limit} rows of the storefront from {@code offset} (no count: the storefront list is a plain array).
     * Every filter and sort has an index (V2 migration); the text filter uses the trigram index on search_text.
     */
    public Uni<List<Product>> listing(ListingFilter filter, ListingSort sort, boolean ascending, int offset, int limit) {
        StringBuilder where = new StringBuilder("p.partner = :partner");
        Parameters params = Parameters.with("partner", filter.partner());
        if (filter.status() != null) {
            where.append(" and p.status = :status");
            params.and("status", filter.status());
        }
        if (filter.onlyVisible()) {
            where.append(" and p.visibleOnMarketplace = true");
        }
        if (filter.productType() != null) {
            where.append(" and p.productType = :type");
            params.and("type", filter.productType());
        }
        if (filter.featured() != null) {
            where.append(" and p.featured = :featured");
            params.and("featured", filter.featured());
        }
        if (filter.text() != null) {
            where.append(" and p.searchText like :text escape '\\'");
            params.and("text", "%" + escapeLike(filter.text().toLowerCase(java.util.Locale.ROOT)) + "%");
        }
        String direction = ascending ? " asc" : " desc";
        String order = " order by " + sort.expression + direction + (sort == ListingSort.NAME ? "" : " nulls last")
                + ", p.id" + direction;
        return find("from Product p where " + where + order, params)
                .range(offset, offset + limit - 1).list();
    }

    static String escapeLike(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
