package dev.marketplace.catalog;

import static dev.marketplace.testkit.QueryPlans.assertNoSeqScan;
import static dev.marketplace.testkit.QueryPlans.assertUsesIndex;
import static dev.marketplace.testkit.QueryPlans.explain;

import java.sql.Connection;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.marketplace.catalog.product.domain.ListingSort;
import dev.marketplace.catalog.product.domain.PublicationStatus;
import dev.marketplace.catalog.product.repository.ProductRepository;
import dev.marketplace.catalog.product.repository.ProductRepository.ListingFilter;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.testkit.QueryPlans;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Every list query keeps using its index: 200,000 products are seeded in one marketplace (and a tenth as many beside
 * them in another), then the very SQL the repository builds is planned — first page, filters and a deep page (page
 * 2,000, the deepest a list serves) of the storefront for buyers and channel readers in each order, and the administrative product list of the
 * marketplace and of one developer. A query that falls back to scanning the whole table fails here.
 */
@QuarkusTest
class ListPlansTest {
    private static final int ROWS = 200_000;
    private static final String PARTNER = "PLANS";
    private static final PageRequest FIRST = PageRequest.of(0, 50, 50);
    private static final PageRequest DEEP = PageRequest.of(2_000, 50, 50);
    private static Connection db;

    @BeforeAll
    static void seed() throws Exception {
        db = QueryPlans.seeded("seed/lists.sql", Map.of("partner", PARTNER, "rows", Integer.toString(ROWS)),
                "product", "product_developer");
    }

    @AfterAll
    static void close() throws Exception {
        db.close();
    }

    @Test
    void storefrontInEveryOrder() throws Exception {
        ListingFilter buyers = new ListingFilter(PARTNER, PublicationStatus.PUBLISHED, true, null, null, null);
        ListingFilter readers = new ListingFilter(PARTNER, null, false, null, null, null);
        for (ListingSort sort : ListingSort.values()) {
            for (boolean ascending : List.of(true, false)) {
                for (PageRequest page : List.of(FIRST, DEEP)) {
                    String shop = listing(buyers, sort, ascending, page);
                    assertNoSeqScan(shop, "product");
                    assertUsesIndex(shop, "product_shop_");
                    String all = listing(readers, sort, ascending, page);
                    assertNoSeqScan(all, "product");
                    assertUsesIndex(all, "product_list_");
                }
            }
        }
        assertUsesIndex(listing(buyers, ListingSort.NAME, true, DEEP), "product_shop_name");
        assertUsesIndex(listing(readers, ListingSort.NAME, true, DEEP), "product_list_name");
    }

    @Test
    void storefrontFilters() throws Exception {
        // the two words of one seeded product's name (the seed draws names from a vocabulary: one product of the 200,000)
        String term = words(seeded("select name from product where uuid = ?", "product"), 2);
        List<ListingFilter> filters = List.of(
                new ListingFilter(PARTNER, PublicationStatus.PUBLISHED, true, null, null, term),
                new ListingFilter(PARTNER, null, false, null, null, term),
                new ListingFilter(PARTNER, PublicationStatus.PUBLISHED, true, "ADDON", null, null),
                new ListingFilter(PARTNER, PublicationStatus.PUBLISHED, true, null, true, null),
                new ListingFilter(PARTNER, null, false, "ADDON", null, null),
                new ListingFilter(PARTNER, null, false, null, true, null),
                new ListingFilter(PARTNER, PublicationStatus.DRAFT, false, null, null, null));
        for (ListingFilter f : filters) {
            for (ListingSort sort : ListingSort.values()) {
                assertNoSeqScan(listing(f, sort, sort == ListingSort.NAME, FIRST), "product");
            }
        }
        assertUsesIndex(listing(filters.get(0), ListingSort.NAME, true, FIRST), "product_search");
        assertUsesIndex(listing(filters.get(1), ListingSort.NAME, true, FIRST), "product_search");
        assertUsesIndex(listing(filters.get(2), ListingSort.NAME, true, FIRST),
                "product_shop_type_name");
        assertUsesIndex(listing(filters.get(6), ListingSort.NAME, true, FIRST), "product_list_status_name");
    }

    @Test
    void productList() throws Exception {
        SqlFilter all = ProductRepository.productsFilter(PARTNER, null);
        for (PageRequest page : List.of(FIRST, DEEP)) {
            assertNoSeqScan(explain(db, ProductRepository.productsPageSql(null, all, page), all.params()), "product");
        }
        // the first page may walk the primary key (the marketplace holds most of the table here); a deep page may not
        assertUsesIndex(explain(db, ProductRepository.productsPageSql(null, all, DEEP), all.params()), "product_partner");
        String developer = UUID.nameUUIDFromBytes("x".getBytes()).toString();
        String seeded = developerOf(7);
        for (String dev : List.of(developer, seeded)) {
            SqlFilter theirs = ProductRepository.productsFilter(PARTNER, dev);
            for (PageRequest page : List.of(FIRST, DEEP)) {
                String plan = explain(db, ProductRepository.productsPageSql(dev, theirs, page), theirs.params());
                assertNoSeqScan(plan, "product_developer");
                assertUsesIndex(plan, "product_developer_pkey");
            }
        }
    }

    private static String listing(ListingFilter f, ListingSort sort, boolean ascending, PageRequest page) throws Exception {
        SqlFilter where = ProductRepository.listingFilter(f);
        return explain(db, ProductRepository.listingPageSql(where, sort, ascending, page.offset(), page.size() + 1),
                where.params());
    }

    /** A text of the seed's row {@code md5('<partner>-<kind>-4242')::uuid}, read by {@code sql} (one parameter: that uuid). */
    private static String seeded(String sql, String kind) throws Exception {
        try (var s = db.prepareStatement(sql.replace("?", "md5('" + PARTNER + "-" + kind + "-4242')::uuid"));
                var rs = s.executeQuery()) {
            rs.next();
            return rs.getString(1);
        }
    }

    /** The first {@code n} words of {@code text}. */
    private static String words(String text, int n) {
        return String.join(" ", java.util.Arrays.asList(text.split(" ")).subList(0, n));
    }

    private static String developerOf(int i) throws Exception {
        try (var s = db.createStatement();
                var rs = s.executeQuery("select md5('" + PARTNER + "-developer-" + i + "')::uuid")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
