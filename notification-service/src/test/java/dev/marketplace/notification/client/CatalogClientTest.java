package dev.marketplace.notification.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.notification.CatalogStubResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The declarative catalogue client against a real loopback HTTP server (the catalogue stand-in): the integration is
 * read with a service token of the partner; an unknown product or another marketplace's is {@code NotIntegrated}
 * (not retried); a failed read is retried twice; a catalogue that keeps failing answers 503 and opens the breaker, so that calls fail fast without
 * reaching it, and once it recovers the breaker lets calls through again (its delay is 1 s in tests).
 */
@QuarkusTest
class CatalogClientTest {
    private static final Duration WAIT = Duration.ofSeconds(10);

    @Inject
    CatalogClient catalog;

    @Test
    void readsTheIntegrationWithAServiceTokenOfThePartner() {
        String partner = "C" + UUID.randomUUID().toString().substring(0, 8);
        long product = 7_100_000L + (System.nanoTime() % 100_000);
        CatalogStubResource.product(product, partner, "key-" + product, "secret/+=", Map.of("SUBSCRIPTION_ORDER",
                "https://vendor.test/create?eventUrl={eventUrl}", "SUBSCRIPTION_CANCEL", " "));
        CatalogClient.Integration integration = catalog.integration(partner, product).await().atMost(WAIT);
        assertEquals("key-" + product, integration.consumerKey());
        assertEquals("secret/+=", integration.consumerSecret());
        assertEquals("https://vendor.test/create?eventUrl={eventUrl}", integration.eventUrl("SUBSCRIPTION_ORDER"));
        assertEquals(null, integration.eventUrl("SUBSCRIPTION_CANCEL"), "a blank URL is no URL");
        assertTrue(!integration.toString().contains("secret"), "the secret never reaches a log line");
        assertTrue(CatalogStubResource.tokens().stream().anyMatch(t -> partner.equals(t.path("partner").asText())
                && "service".equals(t.path("ctype").asText())));

        int before = CatalogStubResource.requests(product + 1) + CatalogStubResource.requests(product);
        Throwable unknown = assertThrows(RuntimeException.class,
                () -> catalog.integration(partner, product + 1).await().atMost(WAIT));
        assertInstanceOf(CatalogClient.NotIntegrated.class, unknown);
        Throwable foreign = assertThrows(RuntimeException.class,
                () -> catalog.integration("Z" + partner, product).await().atMost(WAIT));
        assertInstanceOf(CatalogClient.NotIntegrated.class, foreign);
        assertEquals(before + 2, CatalogStubResource.requests(product + 1) + CatalogStubResource.requests(product),
                "a refusal is not retried");
    }

    @Test
    void aFailingCatalogueOpensTheBreakerAndItClosesWhenTheCatalogueRecovers() throws Exception {
        String partner = "C" + UUID.randomUUID().toString().substring(0, 8);
        long product = 7_200_000L + (System.nanoTime() % 100_000);
        CatalogStubResource.product(product, partner, "key-" + product, "secret", Map.of());
        CatalogStubResource.failing(product, true);
        try {
            ApiException failed = assertThrows(ApiException.class, () -> catalog.integration(partner, product).await().atMost(WAIT));
            assertEquals(503, failed.status());
            assertEquals(3, CatalogStubResource.requests(product), "a failed read is tried three times");
            for (int i = 1; i < 10; i++) {
                ApiException e = assertThrows(ApiException.class,
                        () -> catalog.integration(partner, product).await().atMost(WAIT));
                assertEquals(503, e.status());
                assertEquals("CATALOG_UNAVAILABLE", e.code());
            }
            int reached = CatalogStubResource.requests(product);
            for (int i = 0; i < 5; i++) {
                ApiException e = assertThrows(ApiException.class,
                        () -> catalog.integration(partner, product).await().atMost(WAIT));
                assertEquals(503, e.status());
            }
            assertEquals(reached, CatalogStubResource.requests(product), "an open breaker does not call the catalogue");
        } finally {
            CatalogStubResource.failing(product, false);
        }
        Thread.sleep(1500); // the breaker's delay (1 s in tests): it half-opens and lets trial calls through
        for (int i = 0; i < 3; i++) {
            assertEquals("key-" + product, catalog.integration(partner, product).await().atMost(WAIT).consumerKey());
        }
    }
}
