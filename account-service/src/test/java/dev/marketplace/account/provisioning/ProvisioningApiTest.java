package dev.marketplace.account.provisioning;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.account.Fixtures;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;

/**
 * The internal provisioning endpoints reseller-service creates companies and users through: service tokens only, an
 * idempotency key per request (a retry answers what the first request created), the company and membership rules and
 * events of the public API.
 */
@QuarkusTest
class ProvisioningApiTest {
    private static final String COMPANIES = "/internal/v1/companies";
    private final Fixtures f = new Fixtures();

    private RequestSpecification asService(String partner, String key) {
        RequestSpecification request = Fixtures.as(InternalTokens.peerBearer("reseller", partner, Roles.SYS_ADMIN));
        return key == null ? request : request.header("Idempotency-Key", key);
    }

    private Map<String, Object> company(String externalId) {
        return Map.of("name", "Customer " + externalId, "externalId", externalId, "phoneNumber", "555-0100",
                "companySize", "SMALL", "website", "https://customer.example", "reseller", false, "referral", true);
    }

    @Test
    void createsACompanyOncePerKey() {
        String key = UUID.randomUUID().toString();
        String externalId = "ext-" + UUID.randomUUID();
        String uuid = asService(f.partner, key).body(company(externalId)).post(COMPANIES).then().statusCode(201)
                .body("name", equalTo("Customer " + externalId)).body("externalId", equalTo(externalId))
                .body("phoneNumber", equalTo("555-0100")).body("referral", equalTo(true)).body("reseller", equalTo(false))
                .body("companySize", equalTo("SMALL")).body("enabled", equalTo(true))
                .extract().path("uuid");

        // a retry with the same key gets the first answer again, and creates no second one
        asService(f.partner, key).body(company(externalId)).post(COMPANIES).then().statusCode(201)
                .header("Idempotent-Replayed", "true").body("uuid", equalTo(uuid));
        assertEquals(1, Fixtures.number("select count(*) from company where partner = ? and external_id = ?", f.partner,
                externalId));
        JsonNode event = Fixtures.event("COMPANY_CREATED", e -> uuid.equals(e.path("aggregate").path("id").asText()));
        assertEquals(externalId, event.path("payload").path("externalId").asText());
        assertEquals("reseller-service", event.path("creator").path("consumerKey").asText());

        // the same key with another request is refused as every reused key of the suite is; another key with a taken
        // externalId is a conflict
        asService(f.partner, key).body(company("other-" + externalId)).post(COMPANIES).then().statusCode(422)
                .body("code", equalTo("IDEMPOTENCY_KEY_REUSED"));
        asService(f.partner, UUID.randomUUID().toString()).body(company(externalId)).post(COMPANIES).then().statusCode(409)
                .body("code", equalTo("DUPLICATE_EXTERNAL_ID"));
        // the key belongs to its marketplace: another one's same key is a request of its own
        String other = asService("X" + f.partner, key).body(company(externalId)).post(COMPANIES).then().statusCode(201)
                .header("Idempotent-Replayed", org.hamcrest.Matchers.nullValue()).extract().path("uuid");
        org.junit.jupiter.api.Assertions.assertNotEquals(uuid, other);
    }

    @Test
    void refusesConsumersAndBadRequests() {
        Map<String, Object> body = company("ext-" + UUID.randomUUID());
        // channel credentials, even with every role, are not a service of the mesh
        Fixtures.as(InternalTokens.bearer(f.partner, Roles.PARTNER, Roles.SYS_ADMIN)).header("Idempotency-Key",
                UUID.randomUUID().toString()).body(body).post(COMPANIES).then().statusCode(403);
        f.asPartner().header("Idempotency-Key", UUID.randomUUID().toString()).body(body).post(COMPANIES).then().statusCode(403);
        asService(f.partner, null).body(body).post(COMPANIES).then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                .body("message", containsString("Idempotency-Key"));
        asService(f.partner, "not-a-uuid").body(body).post(COMPANIES).then().statusCode(400)
                .body("message", containsString("Idempotency-Key"));
        asService(f.partner, UUID.randomUUID().toString()).body(Map.of("externalId", "x")).post(COMPANIES).then()
                .statusCode(400).body("message", containsString("name"));
    }

    @Test
    void createsANewMemberOncePerKey() {
        Fixtures.Co co = f.company("Provisioned members", true);
        String members = COMPANIES + "/" + co.uuid() + "/members";
        String email = "new-" + UUID.randomUUID() + "@customer.example";
        String externalId = "u-" + UUID.randomUUID();
        Map<String, Object> body = Map.of("email", email, "firstName", "Nina", "lastName", "New", "externalId", externalId);
        String key = UUID.randomUUID().toString();
        String user = asService(f.partner, key).body(body).post(members).then().statusCode(201)
                .body("user.email", equalTo(email)).body("user.externalId", equalTo(externalId))
                .body("user.status", equalTo("INVITED")).body("company.uuid", equalTo(co.uuid()))
                .body("roles", equalTo(java.util.List.of("ROLE_USER"))).extract().path("user.uuid");

        asService(f.partner, key).body(body).post(members).then().statusCode(201).header("Idempotent-Replayed", "true")
                .body("user.uuid", equalTo(user));
        asService(f.partner, key).body(Map.of("email", "changed-" + email)).post(members).then().statusCode(422)
                .body("code", equalTo("IDEMPOTENCY_KEY_REUSED"));
        assertEquals(1, Fixtures.number("select count(*) from app_user where partner = ? and lower(email) = lower(?)",
                f.partner, email));
        // the user was invited, as the memberships API invites into a company that allows login
        Fixtures.event("INVITATION_CREATED", e -> email.equals(e.path("payload").path("email").asText()));

        asService(f.partner, UUID.randomUUID().toString()).body(body).post(members).then().statusCode(409)
                .body("code", equalTo("DUPLICATE_EMAIL"));
        asService(f.partner, UUID.randomUUID().toString())
                .body(Map.of("email", "other-" + email, "externalId", externalId)).post(members).then().statusCode(409)
                .body("code", equalTo("DUPLICATE_EXTERNAL_ID"));
        asService(f.partner, UUID.randomUUID().toString()).body(Map.of("email", "not-an-email")).post(members).then()
                .statusCode(400).body("message", containsString("email"));
        asService(f.partner, UUID.randomUUID().toString()).body(Map.of("email", "x-" + email))
                .post(COMPANIES + "/" + UUID.randomUUID() + "/members").then().statusCode(404);
        // another marketplace's company: as unknown as a missing one
        asService("X" + f.partner, UUID.randomUUID().toString()).body(Map.of("email", "y-" + email)).post(members).then()
                .statusCode(404).body("message", equalTo("Company " + co.uuid() + " was not found"));
    }
}
