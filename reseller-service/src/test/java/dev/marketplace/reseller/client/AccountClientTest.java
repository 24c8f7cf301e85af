package dev.marketplace.reseller.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.common.client.ServiceRejection;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.reseller.StubAccount;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The declarative account-service client against a real loopback server (the account stand-in): a failed call is
 * retried with the same idempotency key and creates one company; a refusal is not retried and carries account's code;
 * an account-service that keeps failing opens the breaker, which lets calls through again once it recovers (its delay
 * is 1 s in tests).
 */
@QuarkusTest
class AccountClientTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    @Inject
    AccountClient account;

    private static AccountApi.NewCompany company(String externalId) {
        return new AccountApi.NewCompany("Client Co", externalId, null, null, null, false, false);
    }

    @Test
    void retriesWithTheSameKeyAndRelaysRefusals() {
        String partner = "P" + UUID.randomUUID().toString().substring(0, 8);
        UUID key = UUID.randomUUID();
        String externalId = "client-" + key;
        int created = StubAccount.creations();
        int requests = StubAccount.requests();
        StubAccount.failNext(2);
        JsonNode company = account.createCompany(partner, key, company(externalId)).await().atMost(WAIT);
        assertEquals(externalId, company.path("externalId").asText());
        assertEquals(requests + 3, StubAccount.requests(), "two failures, then the retry that succeeded");
        assertEquals(created + 1, StubAccount.creations(), "one company");
        assertTrue(StubAccount.lastAuthorization().startsWith("Bearer "), "a service token is sent");

        // the same key again is answered with the same company
        JsonNode again = account.createCompany(partner, key, company(externalId)).await().atMost(WAIT);
        assertEquals(company.path("uuid").asText(), again.path("uuid").asText());
        assertEquals(created + 1, StubAccount.creations());

        // a refusal is not retried
        int before = StubAccount.requests();
        ServiceRejection refusal = assertThrows(ServiceRejection.class,
                () -> account.createCompany(partner, UUID.randomUUID(), company(externalId)).await().atMost(WAIT));
        assertEquals(409, refusal.status());
        assertEquals("DUPLICATE_EXTERNAL_ID", refusal.code());
        assertEquals(before + 1, StubAccount.requests());
    }

    @Test
    void breakerOpensOnAFailingAccountServiceAndClosesWhenItRecovers() throws Exception {
        String partner = "P" + UUID.randomUUID().toString().substring(0, 8);
        StubAccount.failNext(1000);
        try {
            // every call is tried three times and answered 503; once enough attempts failed, the breaker opens and a
            // call no longer reaches account-service at all
            boolean opened = false;
            for (int i = 0; i < 10 && !opened; i++) {
                int before = StubAccount.requests();
                ApiException e = assertThrows(ApiException.class, () -> account
                        .createCompany(partner, UUID.randomUUID(), company(null)).await().atMost(WAIT));
                assertEquals(503, e.status());
                assertEquals("ACCOUNT_UNAVAILABLE", e.code());
                opened = StubAccount.requests() == before;
            }
            assertTrue(opened, "an open breaker does not call account-service");
        } finally {
            StubAccount.failNext(0);
            // the breaker half-opens after its delay (1 s in tests) and closes after two successful calls
            Thread.sleep(1200);
            for (int i = 0; i < 2; i++) {
                JsonNode company = account.createCompany(partner, UUID.randomUUID(), company(null)).await().atMost(WAIT);
                assertTrue(company.hasNonNull("uuid"), "calls go through again");
            }
        }
    }
}
