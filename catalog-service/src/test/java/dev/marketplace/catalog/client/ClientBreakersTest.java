package dev.marketplace.catalog.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.UUID;

import jakarta.inject.Inject;

import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.junit.jupiter.api.Test;

import dev.marketplace.catalog.StandIns;
import dev.marketplace.common.error.ApiException;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The declarative clients against the loopback stand-ins: a failing account-service opens the breaker (calls fail fast
 * with 503 without reaching it) and it closes once account-service recovers; a failing discounts lookup fails (the
 * storefront then lists without discount details, and caches nothing), and once its breaker is open billing is not
 * called at all. Breaker delays are 4 s in tests
 * ({@link StandIns}).
 */
@QuarkusTest
class ClientBreakersTest {
    @Inject
    AccountClient accounts;
    @Inject
    BillingClient billing;

    @Test
    void accountBreakerOpensOnFailuresAndClosesOnRecovery() throws Exception {
        String company = UUID.randomUUID().toString();
        // the stand-in answers a service token's partner like any caller's
        StandIns.company("", company, "Breaker Co", true, false, false);
        StandIns.failing("account", true);
        try {
            for (int i = 0; i < 10; i++) {
                ApiException e = assertThrows(ApiException.class,
                        () -> accounts.company(company).await().atMost(Duration.ofSeconds(10)));
                assertEquals(503, e.status());
                assertEquals("ACCOUNT_UNAVAILABLE", e.code());
            }
            int reached = StandIns.requests("account");
            for (int i = 0; i < 5; i++) {
                assertThrows(ApiException.class, () -> accounts.company(company).await().atMost(Duration.ofSeconds(10)));
            }
            assertEquals(reached, StandIns.requests("account"), "an open breaker does not call account-service");
        } finally {
            StandIns.failing("account", false);
        }
        Thread.sleep(4500);
        for (int i = 0; i < 3; i++) {
            assertEquals("Breaker Co", accounts.company(company).await().atMost(Duration.ofSeconds(5)).name());
        }
    }

    @Test
    void discountsDegradeAndAnOpenBreakerSparesBilling() throws Exception {
        String partner = "P" + UUID.randomUUID().toString().substring(0, 8);
        StandIns.discounts(partner, "[{\"id\":1,\"type\":\"PERCENTAGE\",\"percentage\":5,\"description\":\"Five\"}]");
        assertEquals(1, billing.discounts(partner).await().atMost(Duration.ofSeconds(5)).size());
        StandIns.failing("discounts", true);
        try {
            for (int i = 0; i < 10; i++) {
                assertThrows(RuntimeException.class, () -> billing.discounts(partner).await().atMost(Duration.ofSeconds(10)));
            }
            int reached = StandIns.requests("discounts");
            for (int i = 0; i < 5; i++) {
                assertThrows(CircuitBreakerOpenException.class,
                        () -> billing.discounts(partner).await().atMost(Duration.ofSeconds(10)));
            }
            assertEquals(reached, StandIns.requests("discounts"), "an open breaker does not call billing");
        } finally {
            StandIns.failing("discounts", false);
        }
        Thread.sleep(4500);
        for (int i = 0; i < 3; i++) {
            assertEquals(1, billing.discounts(partner).await().atMost(Duration.ofSeconds(5)).size());
        }
        assertTrue(StandIns.requests("discounts") > 0);
    }
}
