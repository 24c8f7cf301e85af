package dev.marketplace.account.assignment.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.marketplace.account.StubBilling;
import dev.marketplace.common.error.ApiException;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import io.smallrye.faulttolerance.api.Guard;

/**
 * The billing client against a real loopback HTTP server (the billing stand-in): answers are read, a failed read is
 * retried once and then answered 503, a billing that keeps failing opens the breaker so that calls fail fast without
 * reaching it, and once billing recovers the breaker lets calls through again. The breaker's delay is 2 s in tests (set
 * by {@link StubBilling}).
 */
@QuarkusTest
class BillingClientTest {
    @Inject
    BillingClient billing;
    @Inject
    CircuitBreakerMaintenance breakers;
    /** Injected so that it is built, which registers its breaker's name before the first call. */
    @Inject
    @Identifier(Dependencies.BILLING_IDEMPOTENT)
    Guard guard;

    @BeforeEach
    @AfterEach
    void closedBreaker() {
        // other tests of the module make billing fail on purpose; each test here starts from a closed breaker
        breakers.reset(Dependencies.BILLING_IDEMPOTENT);
    }

    @Test
    void readsAnswersAndTreatsUnknownMembersAsHoldingNothing() {
        UUID company = UUID.randomUUID();
        UUID user = UUID.randomUUID();
        StubBilling.entitlements(company.toString(), user.toString(), 3, 1);
        BillingClient.Entitlements e = entitlements(company, user);
        assertEquals(3, e.activeSubscriptions());
        assertEquals(1, e.activeAssignments());
        assertTrue(StubBilling.lastAuthorization().startsWith("Bearer "), "a service token is sent");
    }

    @Test
    void breakerOpensOnAFailingBillingAndClosesWhenItRecovers() throws Exception {
        UUID company = UUID.randomUUID();
        UUID user = UUID.randomUUID();
        StubBilling.failing(company.toString(), user.toString());

        // each failing call is retried once, then answered 503; after 10 failed attempts the breaker opens
        int first = StubBilling.requests();
        assertUnavailable(company, user);
        assertEquals(first + 2, StubBilling.requests(), "a failed read is tried twice");
        for (int i = 1; i < 5; i++) {
            assertUnavailable(company, user);
        }
        assertEquals(CircuitBreakerState.OPEN, breakers.currentState(Dependencies.BILLING_IDEMPOTENT));
        int reached = StubBilling.requests();
        for (int i = 0; i < 5; i++) {
            assertUnavailable(company, user);
        }
        assertEquals(reached, StubBilling.requests(), "an open breaker does not call billing");

        StubBilling.entitlements(company.toString(), user.toString(), 0, 2);
        Thread.sleep(2200); // the breaker's delay: it half-opens and lets trial calls through
        for (int i = 0; i < 3; i++) {
            assertEquals(2, entitlements(company, user).activeAssignments());
        }
        assertEquals(CircuitBreakerState.CLOSED, breakers.currentState(Dependencies.BILLING_IDEMPOTENT));
        assertTrue(StubBilling.requests() >= reached + 3, "the recovered billing was called");
    }

    private BillingClient.Entitlements entitlements(UUID company, UUID user) {
        return billing.entitlements("MARKETPLACE", company, user).await().atMost(Duration.ofSeconds(10));
    }

    private void assertUnavailable(UUID company, UUID user) {
        ApiException e = assertThrows(ApiException.class, () -> entitlements(company, user));
        assertEquals(503, e.status());
        assertEquals("BILLING_UNAVAILABLE", e.code());
    }
}
