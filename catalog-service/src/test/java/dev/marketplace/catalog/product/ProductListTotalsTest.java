package dev.marketplace.catalog.product;

import static dev.marketplace.catalog.CatalogFixtures.as;
import static dev.marketplace.catalog.CatalogFixtures.asAdmin;
import static dev.marketplace.catalog.CatalogFixtures.createProduct;
import static dev.marketplace.catalog.CatalogFixtures.developer;
import static dev.marketplace.catalog.CatalogFixtures.newPartner;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The product list's totals are exact without counting: the marketplace's counter, and each developer's, are kept in
 * the transaction that creates a product or changes its developers (V3 migration); a refused write changes none.
 */
@QuarkusTest
class ProductListTotalsTest {
    private static final String PRODUCTS = "/api/marketplace/v1/products";

    @Test
    void marketplaceAndDeveloperTotalsFollowWrites() {
        String partner = newPartner();
        UUID ann = UUID.randomUUID();
        UUID bob = UUID.randomUUID();
        total(asAdminToken(partner), 0);
        total(developer(partner, ann), 0);

        long first = createProduct(partner, List.of(ann.toString())).getLong("id");
        createProduct(partner, List.of(ann.toString(), bob.toString()));
        createProduct(partner, List.of());
        total(asAdminToken(partner), 3);
        total(developer(partner, ann), 2);
        total(developer(partner, bob), 1);
        // another marketplace has its own counters
        total(asAdminToken(newPartner()), 0);
        total(InternalTokens.bearerAsUser(newPartner(), ann, Roles.DEVELOPER), 0);

        // a product's developers change: the counters of both follow
        asAdmin(partner).body(Map.of("name", "Task Pro", "developers", List.of(bob.toString()))).put(PRODUCTS + "/" + first)
                .then().statusCode(200);
        total(developer(partner, ann), 1);
        total(developer(partner, bob), 2);
        total(asAdminToken(partner), 3);
        // an update that keeps them leaves them
        asAdmin(partner).body(Map.of("name", "Task Pro 2", "developers", List.of(bob.toString()))).put(PRODUCTS + "/" + first)
                .then().statusCode(200);
        total(developer(partner, bob), 2);

        // a developer creates a product and becomes its developer
        as(developer(partner, ann)).body(Map.of("name", "Ann Tool")).post(PRODUCTS).then().statusCode(201);
        total(developer(partner, ann), 2);
        total(asAdminToken(partner), 4);

        // a refused create writes nothing, counters included
        asAdmin(partner).body(Map.of("name", "X", "colour", "red")).post(PRODUCTS).then().statusCode(400);
        total(asAdminToken(partner), 4);

        // pages and links follow the exact total; an unfiltered list is never flagged as capped
        asAdmin(partner).queryParam("size", 3).get(PRODUCTS).then().statusCode(200).body("page.totalPages", equalTo(2))
                .body("page.totalElementsCapped", nullValue()).body("links.rel", hasItems("self", "next"));
        asAdmin(partner).queryParam("size", 3).queryParam("page", 1).get(PRODUCTS).then().statusCode(200)
                .body("content", hasSize(1)).body("links.rel", not(hasItems("next")));
    }

    private static String asAdminToken(String partner) {
        return InternalTokens.bearer(partner, Roles.CHANNEL_ADMIN);
    }

    private static void total(String token, int expected) {
        as(token).get(PRODUCTS).then().statusCode(200).body("page.totalElements", equalTo(expected))
                .body("content", hasSize(expected));
    }
}
