package dev.marketplace.account.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.marketplace.account.StubBilling;
import dev.marketplace.common.error.ApiException;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The declarative billing client against a real loopback HTTP server (the billing stand-in): answers are read, a
 * billing that keeps failing opens the breaker so that calls fail fast without reaching it, and once billing recovers
 * the breaker lets calls through again. The breaker's delay is 1 s in tests (set by {@link StubBilling}).
 */
@QuarkusTest
class BillingClientTest {
    @Inject
    BillingClient billing;

    @Test
    void readsAnswersAndTreatsUnknownMembersAsHoldingNothing() {
        UUID company = UUID.randomUUID();
        UUID user = UUID.randomUUID();
        StubBilling.entitlements(company.toString(), user.toString(), 3, 1);
        BillingClient.Entitlements e = billing.entitlements("MARKETPLACE", company, user).await().atMost(Duration.ofSeconds(5));
        assertEquals(3, e.activeSubscriptions());
        assertEquals(1, e.activeAssignments());
        assertTrue(StubBilling.lastAuthorization().startsWith("Bearer "), "a service token is sent");
    }

    @Test
    void breakerOpensOnAFailingBillingAndClosesWhenItRecovers() throws Exception {
        UUID company = UUID.randomUUID();
        UUID user = UUID.randomUUID();
        StubBilling.failing(company.toString(), user.toString());

        // every failing call is retried once, then answered 503; after enough failures the breaker opens
        for (int i = 0; i < 10; i++) {
            ApiException e = assertThrows(ApiException.class,
                    () -> billing.entitlements("MARKETPLACE", company, user).await().atMost(Duration.ofSeconds(10)));
            assertEquals(503, e.status());
            assertEquals("BILLING_UNAVAILABLE", e.code());
        }
        int reached = StubBilling.requests();
        for (int i = 0; i < 5; i++) {
            ApiException e = assertThrows(ApiException.class,
                    () -> billing.entitlements("MARKETPLACE", company, user).await().atMost(Duration.ofSeconds(10)));
            assertEquals(503, e.status());
        }
        assertEquals(reached, StubBilling.requests(), "an open breaker does not call billing");

        StubBilling.entitlements(company.toString(), user.toString(), 0, 2);
        Thread.sleep(1500); // the breaker's delay (1 s in tests): it half-opens and lets trial calls through
        for (int i = 0; i < 3; i++) {
            assertEquals(2, billing.entitlements("MARKETPLACE", company, user).await().atMost(Duration.ofSeconds(5))
                    .activeAssignments());
        }
        assertTrue(StubBilling.requests() >= reached + 3, "the recovered billing was called");
    }
}
