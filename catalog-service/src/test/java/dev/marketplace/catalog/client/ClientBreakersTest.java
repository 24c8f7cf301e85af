package dev.marketplace.catalog.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.UUID;

import jakarta.inject.Inject;

import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.marketplace.catalog.StandIns;
import dev.marketplace.common.error.ApiException;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import io.smallrye.faulttolerance.api.Guard;

/**
 * The clients against the loopback stand-ins: a failed account read is retried once and answered 503, a failing
 * account-service opens the breaker (calls fail fast with 503 without reaching it) and it closes once account-service
 * recovers; a failing discounts lookup fails (the storefront then lists without discount details, and caches nothing),
 * and once billing's breaker is open billing is not called at all, for discounts nor for any other read. Breaker delays
 * are 4 s in tests ({@link StandIns}).
 */
@QuarkusTest
class ClientBreakersTest {
    @Inject
    AccountClient accounts;
    @Inject
    BillingClient billing;
    @Inject
    CircuitBreakerMaintenance breakers;
    /** Injected so that they are built, which registers their breakers' names before the first call. */
    @Inject
    @Identifier(Dependencies.ACCOUNT_IDEMPOTENT)
    Guard accountReads;
    @Inject
    @Identifier(Dependencies.BILLING_IDEMPOTENT)
    Guard billingReads;

    @AfterEach
    void closedBreakers() {
        // the other tests of the module need dependencies that answer
        breakers.reset(Dependencies.ACCOUNT_IDEMPOTENT);
        breakers.reset(Dependencies.BILLING_IDEMPOTENT);
    }

    @Test
    void accountBreakerOpensOnFailuresAndClosesOnRecovery() throws Exception {
        String company = UUID.randomUUID().toString();
        // the stand-in answers a service token's partner like any caller's
        StandIns.company("", company, "Breaker Co", true, false, false);
        StandIns.failing("account", true);
        try {
            int first = StandIns.requests("account");
            ApiException failed = assertThrows(ApiException.class,
                    () -> accounts.company(company).await().atMost(Duration.ofSeconds(10)));
            assertEquals(503, failed.status());
            assertEquals(first + 2, StandIns.requests("account"), "a failed read is tried twice");
            for (int i = 1; i < 10; i++) {
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
            // one breaker for every read of billing: exchange rates are not asked for either
            int rates = StandIns.requests("rates");
            ApiException e = assertThrows(ApiException.class,
                    () -> billing.exchangeRates(partner, "EUR", "USD").await().atMost(Duration.ofSeconds(10)));
            assertEquals(503, e.status());
            assertEquals("BILLING_UNAVAILABLE", e.code());
            assertEquals(rates, StandIns.requests("rates"), "an open breaker does not call billing");
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
