package dev.marketplace.catalog.product.repository;

import java.util.Collection;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.catalog.product.domain.ListingSort;
import dev.marketplace.catalog.product.domain.Product;
import dev.marketplace.catalog.product.domain.PublicationStatus;
import dev.marketplace.common.paging.CommonWords;
import dev.marketplace.common.paging.CommonWordsReader;
import dev.marketplace.common.paging.ListQueries;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class ProductRepository implements PanacheRepositoryBase<Product, Long> {
    /** The administrative product list in {@code list_counter}, scoped by partner. */
    static final String LIST = "products";
    /** The same list of one developer, scoped by "partner|developer" (table product_developer, V3). */
    static final String DEVELOPER_LIST = "developer-products";

    private final CommonWordsReader commonWords;

    public ProductRepository(CommonWordsReader commonWords) {
        this.commonWords = commonWords;
    }

    /**
     * A page of the products of a partner by id (index product_partner), or of those a developer manages (the key of
     * product_developer, which a trigger keeps from the products' developers).
     */
    public Uni<List<Product>> search(String partner, String developer, PageRequest page) {
        SqlFilter where = productsFilter(partner, developer);
        return ListQueries.page(Product.class, Long.class, "id", p -> p.id, productsPageSql(developer, where, page), where);
    }

    /** The exact total of that list, from its counter: the partner's, or the developer's in the partner. */
    public Uni<Total> count(String partner, String developer) {
        return (developer == null ? ListQueries.counter(LIST, partner)
                : ListQueries.counter(DEVELOPER_LIST, partner + "|" + developer)).map(Total::exact);
    }

    /** The administrative list's scope: the partner, and the developer a developer sees only their products of. */
    public static SqlFilter productsFilter(String partner, String developer) {
        if (developer == null) {
            return SqlFilter.scope("p.partner = ?", partner);
        }
        return SqlFilter.scope("d.partner = ? and d.developer = ?", partner, developer);
    }

    public static String productsPageSql(String developer, SqlFilter where, PageRequest page) {
        return developer == null ? ListQueries.pageSql("product p", "p.id", where, "p.id", page)
                : ListQueries.pageSql("product_developer d", "d.product_id", where, "d.product_id", page);
    }

    /** The product {@code id} of {@code partner}: another marketplace's is not found, exactly as one that does not exist. */
    public Uni<Product> inPartner(String partner, long id) {
        return find("id = ?1 and partner = ?2", id, partner).firstResult();
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

    /** The storefront's orders; each ends with the id, and each has its index (V3 migration). */
    static String order(ListingSort sort, boolean ascending) {
        String direction = ascending ? " asc" : " desc";
        String first = switch (sort) {
            case NAME -> "p.sort_name" + direction;
            // rows without a value sort last in both directions (the descending order has its own index)
            case PUBLISHED_ON -> "p.published_on" + direction + " nulls last";
            case LAST_MODIFIED -> "p.last_modified" + direction;
        };
        return first + ", p.id" + direction;
    }

    /**
     * What buyers see: published products visible on the marketplace. Written as literals, the very predicate of the
     * product_shop_* partial indexes, so that the planner proves every such index applies.
     */
    static final String STOREFRONT = "p.status = 'PUBLISHED' and p.visible_on_marketplace";

    /**
     * {@code limit} rows of the storefront from {@code offset} (no count: the storefront list is a plain array): their
     * ids from the index of the order, then their rows.
     */
    public Uni<List<Product>> listing(ListingFilter filter, ListingSort sort, boolean ascending, int offset, int limit) {
        return commonWords.of("product", "search_text", filter.text()).map(common -> listingFilter(filter, common))
                .chain(where -> ListQueries.page(Product.class, Long.class, "id", p -> p.id,
                        listingPageSql(where, sort, ascending, offset, limit), where));
    }

    public static SqlFilter listingFilter(ListingFilter filter) {
        return listingFilter(filter, CommonWords.NONE);
    }

    public static SqlFilter listingFilter(ListingFilter filter, CommonWords common) {
        SqlFilter where = SqlFilter.scope("p.partner = ?", filter.partner());
        if (filter.onlyVisible() && filter.status() == PublicationStatus.PUBLISHED) {
            where.always(STOREFRONT);
        } else {
            if (filter.onlyVisible()) {
                where.always("p.visible_on_marketplace");
            }
            if (filter.status() != null) {
                // an enum's name: a literal, so that the planner matches the status indexes as it does the storefront's
                where.and("p.status = '" + filter.status().name() + "'");
            }
        }
        if (filter.productType() != null) {
            where.and("p.product_type = ?", filter.productType());
        }
        if (filter.featured() != null) {
            where.and("p.featured = ?", filter.featured());
        }
        if (filter.text() != null) {
            where.andContains("p.search_text", filter.text(), common);
        }
        return where;
    }

    public static String listingPageSql(SqlFilter where, ListingSort sort, boolean ascending, long offset, int limit) {
        return ListQueries.pageSql("product p", "p.id", where, order(sort, ascending), offset, limit);
    }
}
