package dev.marketplace.lead.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.lead.StubCatalog;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The catalogue client against a real loopback HTTP server (the catalog stand-in): a product is read with its
 * developers and lead permission, an unknown one is empty, a failed read is retried once, a catalogue that keeps failing
 * opens the breaker (calls fail fast with 503 without reaching it), and once it recovers calls go through again. Breaker delay: 3 s in tests,
 * long enough for the open breaker to be seen on a busy machine.
 */
@QuarkusTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CatalogClientTest {
    @Inject
    CatalogClient catalog;

    @AfterEach
    void recover() {
        StubCatalog.failing(false);
    }

    @Test
    @Order(1)
    void readsProductsAndTreatsUnknownOnesAsAbsent() {
        UUID developer = UUID.randomUUID();
        long id = StubCatalog.product("Readable", true, developer);
        CatalogClient.CatalogProduct product = catalog.product("P", id).await().atMost(Duration.ofSeconds(5)).orElseThrow();
        assertEquals("Readable", product.name());
        assertTrue(product.developersSeeLeads());
        assertEquals(developer.toString(), product.developerIds().get(0));
        assertFalse(catalog.product("P", 987_654_321L).await().atMost(Duration.ofSeconds(5)).isPresent());
    }

    @Test
    @Order(2)
    void breakerOpensOnAFailingCatalogueAndClosesWhenItRecovers() throws Exception {
        long id = StubCatalog.product("Flaky", false);
        StubCatalog.failing(true);
        int first = StubCatalog.requests();
        ApiException failed = assertThrows(ApiException.class, () -> catalog.product("P", id).await().atMost(Duration.ofSeconds(10)));
        assertEquals(503, failed.status());
        assertEquals(first + 2, StubCatalog.requests(), "a failed read is tried twice");
        for (int i = 1; i < 10; i++) {
            ApiException e = assertThrows(ApiException.class,
                    () -> catalog.product("P", id).await().atMost(Duration.ofSeconds(10)));
            assertEquals(503, e.status());
            assertEquals("CATALOG_UNAVAILABLE", e.code());
        }
        int reached = StubCatalog.requests();
        for (int i = 0; i < 5; i++) {
            assertThrows(ApiException.class, () -> catalog.product("P", id).await().atMost(Duration.ofSeconds(10)));
        }
        assertEquals(reached, StubCatalog.requests(), "an open breaker does not call the catalogue");
        StubCatalog.failing(false);
        Thread.sleep(3500); // the breaker's delay (3 s in tests): it half-opens and lets trial calls through
        for (int i = 0; i < 3; i++) {
            assertEquals("Flaky", catalog.product("P", id).await().atMost(Duration.ofSeconds(5)).orElseThrow().name());
        }
    }
}
