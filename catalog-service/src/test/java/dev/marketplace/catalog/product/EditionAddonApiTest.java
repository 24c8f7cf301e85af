package dev.marketplace.catalog.product;

import static dev.marketplace.catalog.CatalogFixtures.as;
import static dev.marketplace.catalog.CatalogFixtures.asAdmin;
import static dev.marketplace.catalog.CatalogFixtures.createProduct;
import static dev.marketplace.catalog.CatalogFixtures.edition;
import static dev.marketplace.catalog.CatalogFixtures.newPartner;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;

/** An edition marked as an add-on of another product: shown in the edition and product bodies, refused when the parent is not one. */
@QuarkusTest
class EditionAddonApiTest {
    private final String partner = newPartner();

    private static Map<String, Object> addon(String code, Object parent) {
        Map<String, Object> body = new HashMap<>(edition(code));
        body.put("parentProductId", parent);
        return body;
    }

    @Test
    void anEditionAddedAsAnAddOnShowsItsParentInTheEditionAndProductBodies() {
        long parent = createProduct(partner, List.of()).getLong("id");
        long product = createProduct(partner, List.of()).getLong("id");
        long editionId = asAdmin(partner).body(addon("STORAGE", parent))
                .post("/api/marketplace/v1/products/" + product + "/editions").then().statusCode(201)
                .body("parentProductId", equalTo((int) parent)).extract().jsonPath().getLong("id");

        as(InternalTokens.bearer(partner, Roles.USER)).get("/api/marketplace/v1/products/" + product + "/editions/" + editionId)
                .then().statusCode(200).body("parentProductId", equalTo((int) parent));
        asAdmin(partner).get("/api/marketplace/v1/products/" + product).then().statusCode(200)
                .body("editions.find { it.code == 'STORAGE' }.parentProductId", equalTo((int) parent))
                .body("editions.find { it.code == 'BASIC' }", not(hasKey("parentProductId")));
    }

    @Test
    void aProductCreatedWithAnAddOnEditionKeepsItsParentAndAnUpdateCanClearIt() {
        long parent = createProduct(partner, List.of()).getLong("id");
        var created = createProduct(partner, Map.of("name", "Extra", "vendorName", "Tasky Inc",
                "editions", List.of(addon("EXTRA", parent))));
        long product = created.getLong("id");
        long editionId = created.getLong("editions[0].id");
        org.junit.jupiter.api.Assertions.assertEquals(parent, created.getLong("editions[0].parentProductId"));

        Map<String, Object> update = new HashMap<>(edition("EXTRA"));
        update.remove("plans"); // plans change through their own endpoint
        asAdmin(partner).body(update).put("/api/marketplace/v1/products/" + product + "/editions/" + editionId)
                .then().statusCode(200).body("$", not(hasKey("parentProductId")));
    }

    @Test
    void aParentThatIsNotAnotherProductOfTheMarketplaceIsRefusedNamingTheField() {
        long product = createProduct(partner, List.of()).getLong("id");
        long elsewhere = createProduct(newPartner(), List.of()).getLong("id");
        String editions = "/api/marketplace/v1/products/" + product + "/editions";

        asAdmin(partner).body(addon("A1", elsewhere)).post(editions).then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD"))
                .body("message", equalTo("parentProductId: no product " + elsewhere + " in this marketplace"));
        asAdmin(partner).body(addon("A2", 999999999L)).post(editions).then().statusCode(400)
                .body("message", equalTo("parentProductId: no product 999999999 in this marketplace"));
        asAdmin(partner).body(addon("A3", product)).post(editions).then().statusCode(400)
                .body("message", equalTo("parentProductId: must be another product (an edition cannot be an add-on of its own product)"));
        asAdmin(partner).body(addon("A4", 0)).post(editions).then().statusCode(400)
                .body("message", equalTo("parentProductId: must be the id of another product of this marketplace (the product this edition is an add-on of)"));
        asAdmin(partner).body(Map.of("name", "Extra", "vendorName", "Tasky Inc", "editions", List.of(edition("B"), addon("C", elsewhere))))
                .post("/api/marketplace/v1/products").then().statusCode(400)
                .body("message", equalTo("editions[1].parentProductId: no product " + elsewhere + " in this marketplace"));

        // nothing was written: the product still has its one edition
        asAdmin(partner).get("/api/marketplace/v1/products/" + product).then().statusCode(200).body("editions.size()", equalTo(1));
    }
}
