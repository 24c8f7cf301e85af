package dev.marketplace.billing.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.marketplace.billing.BillingFixtures;
import dev.marketplace.billing.FakeCatalog;
import dev.marketplace.common.error.ApiException;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import io.smallrye.faulttolerance.api.Guard;

/**
 * The catalog client against the loopback catalog stand-in: answers are read without the vendor's secret, unknown
 * products are empty, a failed read is retried once and then answered 503, signing a URL is never retried, and a
 * catalog that keeps failing opens the one breaker of all reads (an edition read fails fast once integration reads
 * opened it), which closes again once calls succeed. The breaker's delay is 2 s in tests (set by {@link FakeCatalog}).
 */
@QuarkusTest
class CatalogClientTest {
    @Inject
    CatalogClient catalog;
    @Inject
    CircuitBreakerMaintenance breakers;
    /** Injected so that they are built, which registers their breakers' names before the first call. */
    @Inject
    @Identifier(Dependencies.CATALOG_IDEMPOTENT)
    Guard reads;
    @Inject
    @Identifier(Dependencies.CATALOG_NON_IDEMPOTENT)
    Guard signing;

    @AfterEach
    void closedBreakers() {
        // the other tests of the module need a catalog that answers
        breakers.reset(Dependencies.CATALOG_IDEMPOTENT);
        breakers.reset(Dependencies.CATALOG_NON_IDEMPOTENT);
    }

    @Test
    void readsIntegrationsWithoutTheSecretAndUnknownProductsAreEmpty() {
        String partner = BillingFixtures.newPartner();
        FakeCatalog.Product product = FakeCatalog.register(partner, true, true);
        var integration = catalog.integration(partner, product.id()).await().atMost(Duration.ofSeconds(5)).orElseThrow();
        assertEquals(product.consumerKey(), integration.consumerKey());
        assertTrue(FakeCatalog.REQUESTS.contains("GET /internal/v1/products/" + product.id() + "/integration"));
        assertTrue(catalog.integration(partner, 987654321L).await().atMost(Duration.ofSeconds(5)).isEmpty());
        // another marketplace's product is unknown here
        assertTrue(catalog.integration(BillingFixtures.newPartner(), product.id()).await().atMost(Duration.ofSeconds(5)).isEmpty());
    }

    @Test
    void aFailedReadIsRetriedOnceAndAFailedSigningIsNot() {
        String partner = BillingFixtures.newPartner();
        int before = FakeCatalog.REQUESTS.size();
        assertUnavailable(() -> catalog.integration(partner, FakeCatalog.BROKEN).await().atMost(Duration.ofSeconds(10)));
        assertEquals(before + 2, FakeCatalog.REQUESTS.size(), "a read is tried twice");

        before = FakeCatalog.REQUESTS.size();
        assertUnavailable(() -> catalog.signedUrl(partner, FakeCatalog.BROKEN, "GET", "https://vendor.example/create")
                .await().atMost(Duration.ofSeconds(10)));
        assertEquals(before + 1, FakeCatalog.REQUESTS.size(), "signing is tried once");
        assertEquals(CircuitBreakerState.CLOSED, breakers.currentState(Dependencies.CATALOG_NON_IDEMPOTENT));
    }

    @Test
    void oneBreakerForEveryReadOpensOnAFailingCatalogAndClosesWhenItRecovers() throws Exception {
        String partner = BillingFixtures.newPartner();
        FakeCatalog.Product healthy = FakeCatalog.register(partner, false, true);
        // every failing call is tried twice, then answered 503; after enough failures the breaker opens, which shows as
        // a failing call that no longer reaches catalog. Stop there: the breaker half-opens after its delay.
        boolean opened = false;
        for (int i = 0; i < 20 && !opened; i++) {
            int before = FakeCatalog.REQUESTS.size();
            assertUnavailable(() -> catalog.integration(partner, FakeCatalog.BROKEN).await().atMost(Duration.ofSeconds(10)));
            opened = i > 0 && FakeCatalog.REQUESTS.size() == before;
        }
        assertTrue(opened, "the breaker opened");
        assertEquals(CircuitBreakerState.OPEN, breakers.currentState(Dependencies.CATALOG_IDEMPOTENT));
        int reached = FakeCatalog.REQUESTS.size();
        // the other reads share the breaker: a healthy product's edition is not asked for either
        assertUnavailable(() -> catalog.edition(partner, healthy.id(), healthy.editionId()).await().atMost(Duration.ofSeconds(10)));
        assertUnavailable(() -> catalog.integration(partner, healthy.id()).await().atMost(Duration.ofSeconds(10)));
        assertEquals(reached, FakeCatalog.REQUESTS.size(), "an open breaker does not call catalog");

        Thread.sleep(2500); // the breaker's delay (2 s in tests): it half-opens and lets trial calls through
        for (int i = 0; i < 3; i++) {
            assertTrue(catalog.integration(partner, healthy.id()).await().atMost(Duration.ofSeconds(5)).isPresent());
        }
        assertEquals(CircuitBreakerState.CLOSED, breakers.currentState(Dependencies.CATALOG_IDEMPOTENT));
        assertTrue(catalog.edition(partner, healthy.id(), healthy.editionId()).await().atMost(Duration.ofSeconds(5)).isPresent());
        assertTrue(FakeCatalog.REQUESTS.size() >= reached + 4, "the recovered catalog was called");
    }

    private static void assertUnavailable(org.junit.jupiter.api.function.Executable call) {
        ApiException e = assertThrows(ApiException.class, call);
        assertEquals(503, e.status());
        assertEquals("CATALOG_UNAVAILABLE", e.code());
    }
}
