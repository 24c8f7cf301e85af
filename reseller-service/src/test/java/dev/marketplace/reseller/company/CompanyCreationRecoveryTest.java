package dev.marketplace.reseller.company;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.common.security.Roles;
import dev.marketplace.reseller.Fixtures;
import dev.marketplace.reseller.StubAccount;
import dev.marketplace.reseller.company.service.CompanyCreationService;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;

/**
 * A creation interrupted by account-service failing leaves no company half-created: it waits in company_creation,
 * and either the client's retry (same externalId) or the recovery job completes it with the same idempotency key —
 * one company in account-service, linked once, one event.
 */
@QuarkusTest
class CompanyCreationRecoveryTest {
    static final String COMPANIES = "/api/appReseller/v1/companies";
    private final Fixtures f = new Fixtures();

    @Inject
    CompanyCreationService creations;

    /** Runs the recovery as the scheduler would, on a Vert.x context. */
    private int recover() throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> creations.recoverDue());
    }

    @Test
    void theRecoveryJobCompletesACreationAccountServiceFailed() throws Throwable {
        UUID reseller = f.reseller("Recovery Reseller");
        UUID alice = f.member(reseller, "ACTIVE", Roles.SYS_ADMIN, Roles.RESELLER);
        int created = StubAccount.creations();
        StubAccount.failNext(3);
        f.asUser(alice).body(Map.of("name", "Interrupted Co")).post(COMPANIES).then().statusCode(503)
                .body("code", equalTo("ACCOUNT_UNAVAILABLE"));
        assertEquals(1, Fixtures.number("select count(*) from company_creation where reseller_company_id = ?", reseller));
        assertEquals(0, Fixtures.number("select count(*) from company_association where reseller_company_id = ?", reseller));

        assertEquals(1, recover());
        assertEquals(created + 1, StubAccount.creations());
        assertEquals(0, Fixtures.number("select count(*) from company_creation where reseller_company_id = ?", reseller));
        assertEquals(1, Fixtures.number("select count(*) from company_association where reseller_company_id = ?"
                + " and origin = 'LINKED'", reseller));
        // the event names the reseller user who asked, though the job made the link
        JsonNode event = Fixtures.event("RESELLER_COMPANY_LINKED", e -> reseller.toString().equals(e.path("payload")
                .path("association").path("resellerCompany").path("id").asText()));
        assertEquals(alice.toString(), event.path("creator").path("uuid").asText());
        f.asUser(alice).get(COMPANIES + "?context=RESELLER").then().body("name", equalTo(java.util.List.of("Interrupted Co")));
        assertEquals(0, recover(), "nothing left to do");
    }

    @Test
    void theClientsRetryWithTheSameExternalIdCompletesTheSameCreation() {
        UUID reseller = f.reseller("Retry Reseller");
        UUID alice = f.member(reseller, "ACTIVE", Roles.RESELLER);
        String externalId = "retry-" + f.partner;
        int created = StubAccount.creations();
        StubAccount.failNext(3);
        f.asUser(alice).body(Map.of("name", "Retried Co", "externalId", externalId)).post(COMPANIES).then().statusCode(503);
        String id = f.asUser(alice).body(Map.of("name", "Retried Co", "externalId", externalId)).post(COMPANIES).then()
                .statusCode(200).body("externalId", equalTo(externalId)).extract().path("id");
        assertEquals(created + 1, StubAccount.creations());
        assertEquals(0, Fixtures.number("select count(*) from company_creation where external_id = ?", externalId));
        assertEquals(1, Fixtures.number("select count(*) from company_association where customer_company_id = ?",
                UUID.fromString(id)));
        // another reseller cannot take over the externalId once done, and is not told whose it is
        UUID other = f.reseller("Retry Other");
        UUID bob = f.member(other, "ACTIVE", Roles.RESELLER);
        f.asUser(bob).body(Map.of("name", "Stolen", "externalId", externalId)).post(COMPANIES).then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", equalTo("externalId: is not available"));
    }

    @Test
    void aRefusalOfAccountServiceDropsThePendingCreation() {
        UUID reseller = f.reseller("Refused Reseller");
        UUID alice = f.member(reseller, "ACTIVE", Roles.RESELLER);
        String externalId = "refused-" + f.partner;
        f.asUser(alice).body(Map.of("name", "First", "externalId", externalId)).post(COMPANIES).then().statusCode(200);
        // as if the directory had not heard of it yet: account-service is asked, and refuses
        Fixtures.sql("delete from directory_company where external_id = ?", externalId);
        int requests = StubAccount.requests();
        // nobody here is known to see the holder account-service names: a reseller is told only "not available"
        f.asUser(alice).body(Map.of("name", "Second", "externalId", externalId)).post(COMPANIES).then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", equalTo("externalId: is not available"));
        assertEquals(requests + 1, StubAccount.requests(), "a refusal is not retried");
        assertEquals(0, Fixtures.number("select count(*) from company_creation where external_id = ?", externalId));
    }
}
