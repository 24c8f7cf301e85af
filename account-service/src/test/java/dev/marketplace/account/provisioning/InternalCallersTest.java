package dev.marketplace.account.provisioning;

import static org.hamcrest.Matchers.equalTo;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.account.Fixtures;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;

/**
 * account trusts the service tokens of billing, catalog, lead and reseller; each internal endpoint takes only its own
 * callers': companies and members are provisioned by reseller, purchase profiles read by billing, each for the
 * marketplace its token names.
 */
@QuarkusTest
class InternalCallersTest {
    private final Fixtures f = new Fixtures();

    private static String peer(String name, String partner) {
        return InternalTokens.peerBearer(name, partner, Roles.SYS_ADMIN);
    }

    private static Map<String, Object> company() {
        return Map.of("name", "Provisioned", "externalId", "ext-" + UUID.randomUUID());
    }

    @Test
    void onlyResellerProvisionsCompaniesAndMembers() {
        Fixtures.Co co = f.company("Provisioned members", true);
        String members = "/internal/v1/companies/" + co.uuid() + "/members";
        for (String other : List.of("lead", "billing", "catalog")) {
            Fixtures.as(peer(other, f.partner)).header("Idempotency-Key", UUID.randomUUID().toString()).body(company())
                    .post("/internal/v1/companies").then().statusCode(403).body("code", equalTo("FORBIDDEN"));
            Fixtures.as(peer(other, f.partner)).header("Idempotency-Key", UUID.randomUUID().toString())
                    .body(Map.of("email", other + "-" + UUID.randomUUID() + "@customer.example")).post(members).then()
                    .statusCode(403);
        }
        Fixtures.as(peer("reseller", null)).header("Idempotency-Key", UUID.randomUUID().toString()).body(company())
                .post("/internal/v1/companies").then().statusCode(403);
        Fixtures.as(peer("reseller", f.partner)).header("Idempotency-Key", UUID.randomUUID().toString()).body(company())
                .post("/internal/v1/companies").then().statusCode(201);
        Fixtures.as(peer("reseller", f.partner)).header("Idempotency-Key", UUID.randomUUID().toString())
                .body(Map.of("email", "r-" + UUID.randomUUID() + "@customer.example")).post(members).then().statusCode(201);
    }

    @Test
    void onlyBillingReadsPurchaseProfiles() {
        Fixtures.Co co = f.company("Buyer Co", true);
        String path = "/internal/v1/companies/" + co.uuid() + "/purchase-profile";
        for (String other : List.of("lead", "reseller", "catalog")) {
            Fixtures.as(peer(other, f.partner)).queryParam("userUuid", co.adminUuid()).get(path).then().statusCode(403);
        }
        Fixtures.as(peer("billing", null)).queryParam("userUuid", co.adminUuid()).get(path).then().statusCode(403);
        Fixtures.as(peer("billing", f.partner)).queryParam("userUuid", co.adminUuid()).get(path).then().statusCode(200)
                .body("company.uuid", equalTo(co.uuid()));
    }
}
