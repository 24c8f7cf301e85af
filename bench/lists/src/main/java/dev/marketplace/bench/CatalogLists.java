package dev.marketplace.bench;

import java.util.ArrayList;
import java.util.List;

import dev.marketplace.bench.ListsBench.Query;
import dev.marketplace.bench.ListsBench.Sql;
import dev.marketplace.catalog.product.domain.ListingSort;
import dev.marketplace.catalog.product.repository.ProductRepository;
import dev.marketplace.catalog.product.repository.ProductRepository.ListingFilter;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;

/**
 * catalog-service's lists for {@link ListsBench}, seeded by {@code catalog-service/src/test/resources/seed/lists.sql}:
 * the storefront (first page, text filter, page 2,000) and the administrative product list (first page, page 2,000;
 * it has no text filter). The bench calls with a channel administrator's token, so the storefront is the channel
 * readers' (every product, indexes {@code product_list_*}); buyers' pages ({@code product_shop_*}) are planned by
 * catalog-service's ListPlansTest.
 */
final class CatalogLists {
    private CatalogLists() {
    }

    static List<Query> catalogQueries(String partner) {
        PageRequest first = PageRequest.of(0, 50, 50);
        PageRequest deep = PageRequest.of(2_000, 50, 50);
        String bundles = "/api/marketplace/v1/bundles";
        String products = "/api/marketplace/v1/products";
        List<Query> queries = new ArrayList<>();

        ListingFilter storefront = new ListingFilter(partner, null, false, null, null, null);
        // the two words of one seeded product's name (SeedNames: the seed's formulas): 1 product of a million
        String product = SeedNames.words(SeedNames.productName(SeedNames.ROW), 2);
        ListingFilter searched = new ListingFilter(partner, null, false, null, null, product);
        queries.add(new Query("storefront", "first page", bundles + "?size=50", false, listingSql(storefront, first)));
        queries.add(new Query("storefront", "searchText (product name, 1 row)", bundles + "?size=50&searchText="
                + SeedNames.query(product), false, listingSql(searched, first)));
        queries.add(new Query("storefront", "page 2,000", bundles + "?size=50&page=2000", true,
                listingSql(storefront, deep)));

        queries.add(new Query("products", "first page", products + "?size=50", false, productSql(partner, first)));
        queries.add(new Query("products", "page 2,000", products + "?size=50&page=2000", true, productSql(partner, deep)));
        return queries;
    }

    /** The storefront's page (one row more than the page: it has no total, the extra row says whether a next follows). */
    private static List<Sql> listingSql(ListingFilter f, PageRequest page) {
        SqlFilter where = ProductRepository.listingFilter(f);
        return List.of(new Sql("page (no total)",
                ProductRepository.listingPageSql(where, ListingSort.NAME, true, page.offset(), page.size() + 1), where.params()));
    }

    /** The product list's page and its exact total (the marketplace's counter). */
    private static List<Sql> productSql(String partner, PageRequest page) {
        SqlFilter where = ProductRepository.productsFilter(partner, null);
        return List.of(new Sql("page", ProductRepository.productsPageSql(null, where, page), where.params()),
                new Sql("total (counter)", "select n from list_counter where list = ?1 and scope = ?2",
                        List.of("products", partner)));
    }
}
