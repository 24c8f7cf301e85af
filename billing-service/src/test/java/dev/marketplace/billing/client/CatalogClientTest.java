package dev.marketplace.billing.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.BillingFixtures;
import dev.marketplace.billing.FakeCatalog;
import dev.marketplace.common.error.ApiException;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The declarative catalog client against the loopback catalog stand-in: answers are read without the vendor's secret,
 * unknown products are empty, a catalog that keeps failing opens the breaker so that calls fail fast without reaching it,
 * and the breaker closes again once calls succeed. The breaker's delay is 2 s in tests (set by {@link FakeCatalog}).
 */
@QuarkusTest
class CatalogClientTest {
    @Inject
    CatalogClient catalog;

    @Test
    void readsIntegrationsWithoutTheSecretAndUnknownProductsAreEmpty() {
        String partner = BillingFixtures.newPartner();
        FakeCatalog.Product product = FakeCatalog.register(partner, true, true);
        var integration = catalog.integration(partner, product.id()).await().atMost(Duration.ofSeconds(5)).orElseThrow();
        assertEquals(product.consumerKey(), integration.consumerKey());
        assertTrue(FakeCatalog.REQUESTS.contains("GET /internal/v1/products/" + product.id() + "/integration?includeSecret=false"));
        assertTrue(catalog.integration(partner, 987654321L).await().atMost(Duration.ofSeconds(5)).isEmpty());
        // another marketplace's product is unknown here
        assertTrue(catalog.integration(BillingFixtures.newPartner(), product.id()).await().atMost(Duration.ofSeconds(5)).isEmpty());
    }

    @Test
    void breakerOpensOnAFailingCatalogAndClosesWhenItRecovers() throws Exception {
        String partner = BillingFixtures.newPartner();
        FakeCatalog.Product healthy = FakeCatalog.register(partner, false, true);
        // every failing call is retried once, then answered 503; after enough failures the breaker opens, which shows
        // as a failing call that no longer reaches catalog. Stop there: the breaker half-opens after its delay, and a
        // retry's jittered delay (up to 300 ms) per further call on a busy machine used to outlast it.
        boolean opened = false;
        for (int i = 0; i < 20 && !opened; i++) {
            int before = FakeCatalog.REQUESTS.size();
            ApiException e = assertThrows(ApiException.class,
                    () -> catalog.integration(partner, FakeCatalog.BROKEN).await().atMost(Duration.ofSeconds(10)));
            assertEquals(503, e.status());
            assertEquals("CATALOG_UNAVAILABLE", e.code());
            opened = i > 0 && FakeCatalog.REQUESTS.size() == before;
        }
        assertTrue(opened, "the breaker opened");
        int reached = FakeCatalog.REQUESTS.size();
        ApiException open = assertThrows(ApiException.class,
                () -> catalog.integration(partner, healthy.id()).await().atMost(Duration.ofSeconds(10)));
        assertEquals(503, open.status());
        assertEquals(reached, FakeCatalog.REQUESTS.size(), "an open breaker does not call catalog");

        Thread.sleep(2500); // the breaker's delay (2 s in tests): it half-opens and lets trial calls through
        for (int i = 0; i < 3; i++) {
            assertTrue(catalog.integration(partner, healthy.id()).await().atMost(Duration.ofSeconds(5)).isPresent());
        }
        assertTrue(FakeCatalog.REQUESTS.size() >= reached + 3, "the recovered catalog was called");
    }
}
