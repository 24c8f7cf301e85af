package dev.marketplace.catalog;

import static dev.marketplace.catalog.CatalogFixtures.as;
import static dev.marketplace.catalog.CatalogFixtures.asAdmin;
import static dev.marketplace.catalog.CatalogFixtures.createProduct;
import static dev.marketplace.catalog.CatalogFixtures.edition;
import static dev.marketplace.catalog.CatalogFixtures.newPartner;
import static dev.marketplace.catalog.CatalogFixtures.publish;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.hibernate.reactive.mutiny.Mutiny;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.persistence.NativeSelects;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Lists fetch what each row carries (editions, plans, bundle members and their products, settings) with one query per
 * kind of data and page, never one per row: a page of 12 runs exactly as many statements as a page of 2, and each
 * page's count is pinned, so that a query added to a page shows here.
 */
@QuarkusTest
class ListStatementsTest {
    private static final String BUNDLES = "/api/marketplace/v1/bundles";
    private static final String PRODUCTS = "/api/marketplace/v1/products";

    @Inject
    Mutiny.SessionFactory sessions;

    @Test
    void storefrontPages() {
        String partner = seed();
        String buyer = InternalTokens.bearerAsUser(partner, UUID.randomUUID(), Roles.USER);
        long small = statements(() -> as(buyer).queryParam("size", 2).get(BUNDLES).then().statusCode(200)
                .body("$", hasSize(2)).body("[0].productType", equalTo("BUNDLE")));
        long large = statements(() -> as(buyer).queryParam("size", 12).get(BUNDLES).then().statusCode(200)
                .body("$", hasSize(12)).body("[0].bundledProducts", hasSize(2))
                .body("[0].bundledProducts[0].editionName", equalTo("Edition A")).body("[11].startingPrice", notNullValue()));
        // the page's ids and rows, its editions, plans and bundle rows, the bundle's member products and their
        // editions, its settings: one query per kind of data
        assertEquals(8, small, "statements of a storefront page with a bundle");
        assertEquals(small, large, "statements per page do not grow with the page");
        long plain = statements(() -> as(buyer).queryParam("size", 12).queryParam("productType", "WEB_APP").get(BUNDLES)
                .then().statusCode(200).body("$", hasSize(12)).body("[0].bundledProducts", hasSize(0)));
        assertEquals(6, plain, "a page without a bundle reads no member products nor their editions");
        long admin = statements(() -> asAdmin(partner).queryParam("size", 12).get(BUNDLES).then().statusCode(200)
                .body("$", hasSize(12)));
        assertEquals(small, admin, "channel readers' pages run the same statements");
    }

    @Test
    void productPages() {
        String partner = seed();
        long small = statements(() -> asAdmin(partner).queryParam("size", 2).get(PRODUCTS).then().statusCode(200)
                .body("content", hasSize(2)));
        long large = statements(() -> asAdmin(partner).queryParam("size", 12).get(PRODUCTS).then().statusCode(200)
                .body("content", hasSize(12)).body("content[11].editions[0].plans", hasSize(2)));
        // the counter, the page's ids and rows, its editions, plans and bundle rows
        assertEquals(6, small, "statements of a product page");
        assertEquals(small, large, "statements per page do not grow with the page");
    }

    /** A marketplace with a bundle of two products (first by name; it names an edition of one) and 12 more published products with plans. */
    private static String seed() {
        String partner = newPartner();
        var memberA = createProduct(partner, Map.of("name", "Member A", "editions", List.of(edition("A"))));
        long a = memberA.getLong("id");
        long b = createProduct(partner, Map.of("name", "Member B", "editions", List.of(edition("B")))).getLong("id");
        long bundle = createProduct(partner, Map.of("name", "A Bundle", "productType", "BUNDLE", "bundledProducts",
                List.of(Map.of("productId", a, "editionId", memberA.getLong("editions[0].id")), Map.of("productId", b)), "editions", List.of(edition("ALL")))).getLong("id");
        publish(partner, bundle);
        for (int i = 0; i < 12; i++) {
            publish(partner, createProduct(partner, Map.of("name", "Counted " + (10 + i), "editions", List.of(edition("E"))))
                    .getLong("id"));
        }
        return partner;
    }

    /** Queries, and single entity or collection fetches, Hibernate ran during {@code call}. */
    private long statements(Runnable call) {
        var stats = sessions.getStatistics();
        long before = stats.getQueryExecutionCount() + stats.getEntityFetchCount() + stats.getCollectionFetchCount()
                + NativeSelects.executed();
        call.run();
        return stats.getQueryExecutionCount() + stats.getEntityFetchCount() + stats.getCollectionFetchCount()
                + NativeSelects.executed() - before;
    }
}
