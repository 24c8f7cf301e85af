package dev.marketplace.catalog;

import static dev.marketplace.catalog.CatalogFixtures.createProduct;
import static dev.marketplace.catalog.CatalogFixtures.edition;
import static dev.marketplace.catalog.CatalogFixtures.newPartner;
import static dev.marketplace.catalog.CatalogFixtures.publish;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import dev.marketplace.testkit.SimultaneousRequests;
import io.quarkus.test.junit.QuarkusTest;

/** Four times the pool's size of list requests at once, each answered 200 within 2 s (one connection per request). */
@QuarkusTest
class ListConcurrencyTest {
    @Test
    void everyListAnswersABurstOfFourTimesThePoolSize() {
        String partner = newPartner();
        for (int i = 0; i < 3; i++) {
            publish(partner, createProduct(partner, Map.of("name", "Burst " + i, "editions", List.of(edition("E"))))
                    .getLong("id"));
        }
        List<String> lists = List.of("/api/marketplace/v1/products?size=1", "/api/marketplace/v1/bundles?size=1",
                "/api/marketplace/v1/bundles?size=1&productType=WEB_APP", "/api/marketplace/v1/products?size=1&name=Burst");
        SimultaneousRequests.assertAllAnswered(lists, InternalTokens.bearer(partner, Roles.CHANNEL_ADMIN),
                Duration.ofSeconds(2));
    }
}
