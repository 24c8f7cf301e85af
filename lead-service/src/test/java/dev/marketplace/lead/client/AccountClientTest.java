package dev.marketplace.lead.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.lead.StubAccount;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import io.smallrye.faulttolerance.api.Guard;

/**
 * The account client against the loopback account stand-in: a failed read is retried once before the 503, and a
 * company creation that fails is not (a second call would create a second company); both answer 503
 * ACCOUNT_UNAVAILABLE.
 */
@QuarkusTest
class AccountClientTest {
    private static final Duration WAIT = Duration.ofSeconds(10);

    @Inject
    AccountClient account;
    @Inject
    CircuitBreakerMaintenance breakers;
    /** Injected so that they are built, which registers their breakers' names before the first call. */
    @Inject
    @Identifier(Dependencies.ACCOUNT_IDEMPOTENT)
    Guard reads;
    @Inject
    @Identifier(Dependencies.ACCOUNT_NON_IDEMPOTENT)
    Guard creation;

    @AfterEach
    void closedBreakers() {
        breakers.reset(Dependencies.ACCOUNT_IDEMPOTENT);
        breakers.reset(Dependencies.ACCOUNT_NON_IDEMPOTENT);
    }

    @Test
    void aFailedReadIsRetriedOnceThenUnavailable() {
        UUID company = UUID.randomUUID();
        StubAccount.unavailable(company);
        assertUnavailable(() -> account.company("P", company.toString()).await().atMost(WAIT));
        assertEquals(2, StubAccount.companyReads(company), "a read is tried twice");
    }

    @Test
    void aFailedCreationIsNotRetried() {
        int before = StubAccount.creates();
        StubAccount.failAfterCreate();
        // no externalId: a second call would create a second company
        var company = new AccountClient.NewCompany("Once Co " + UUID.randomUUID(), null, "US", "once@example.com", null,
                null, new AccountClient.FirstUser("once@example.com", "Ona", "Once"));
        assertUnavailable(() -> account.create("P", company).await().atMost(WAIT));
        assertEquals(before + 1, StubAccount.creates(), "the creation is tried once");
    }

    private static void assertUnavailable(org.junit.jupiter.api.function.Executable call) {
        ApiException e = assertThrows(ApiException.class, call);
        assertEquals(503, e.status());
        assertEquals("ACCOUNT_UNAVAILABLE", e.code());
    }
}
