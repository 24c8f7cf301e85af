package dev.marketplace.account.provisioning;

import static dev.marketplace.testkit.ErrorBodies.errorBody;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
 * Assisted sales (issue 45): a user reseller-service creates for a reseller's customer, the reseller company named
 * ({@code resellerCompanyId} on the internal member creation), is asked to activate their account by
 * ACCOUNT_ACTIVATION_CREATED_BY_ASSISTED_SALES instead of being invited, with the reseller's name and the activation
 * link that sets the password once. Read back from the domain-event topic as notification-service reads it. Only a
 * reseller company of the caller's marketplace can be named, and only on the mesh-internal endpoint; a creation through
 * the account API still sends ACCOUNT_ACTIVATION.
 */
@QuarkusTest
class AssistedSalesActivationTest {
    private static final String COMPANIES = "/internal/v1/companies";
    private static final String TYPE = "ACCOUNT_ACTIVATION_CREATED_BY_ASSISTED_SALES";
    private final Fixtures f = new Fixtures();

    private static RequestSpecification asReseller(String partner) {
        return Fixtures.as(InternalTokens.peerBearer("reseller", partner, Roles.SYS_ADMIN))
                .header("Idempotency-Key", UUID.randomUUID().toString());
    }

    /** A company created as reseller-service creates one; {@code reseller}: a reseller company. */
    private static String provisioned(String partner, String name, boolean reseller) {
        return asReseller(partner).body(Map.of("name", name, "externalId", "ext-" + UUID.randomUUID(), "reseller", reseller,
                "referral", false)).post(COMPANIES).then().statusCode(201).extract().path("uuid");
    }

    private static String email(String who) {
        return who + "-" + UUID.randomUUID().toString().substring(0, 8) + "@customer.example";
    }

    private static Map<String, Object> member(String email, Object resellerCompanyId) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("email", email);
        body.put("firstName", "Nina");
        body.put("lastName", "New");
        if (resellerCompanyId != null) {
            body.put("resellerCompanyId", resellerCompanyId);
        }
        return body;
    }

    private static JsonNode created(String email) {
        return Fixtures.event("MEMBERSHIP_CREATED", e -> email.equals(e.path("payload").path("email").asText())
                || email.equals(e.path("payload").path("user").path("email").asText()));
    }

    private static List<String> types(JsonNode event) {
        List<String> types = new ArrayList<>();
        event.path("payload").path("notifications").forEach(n -> types.add(n.path("type").asText()));
        return types;
    }

    private static JsonNode notification(JsonNode event, String type) {
        for (JsonNode n : event.path("payload").path("notifications")) {
            if (type.equals(n.path("type").asText())) {
                return n;
            }
        }
        throw new AssertionError("no " + type + " in " + event);
    }

    private static long users(String email) {
        return Fixtures.number("select count(*) from app_user where lower(email) = lower(?)", email);
    }

    @Test
    void aResellersCustomerActivatesTheAccountTheResellerCreated() {
        String reseller = provisioned(f.partner, "Reseller One " + f.partner, true);
        // the customer company reseller-service created, with a locale set through the account API
        String customer = provisioned(f.partner, "Customer & Co", false);
        f.asPartner().body(Map.of("locale", "fr_CA")).patch("/api/account/v2/companies/" + customer).then().statusCode(200);
        String email = email("nina");
        String user = asReseller(f.partner).body(member(email, reseller)).post(COMPANIES + "/" + customer + "/members")
                .then().statusCode(201).body("user.status", equalTo("ACTIVE")).body("user.activated", equalTo(true))
                .extract().path("user.uuid");

        JsonNode event = created(email);
        assertEquals(List.of("NEW_USER", "WELCOME_USER", TYPE), types(event), "activation instead of an invitation");
        assertEquals("reseller-service", event.path("creator").path("consumerKey").asText());
        assertEquals(0, Fixtures.number("select count(*) from invitation where lower(email) = lower(?)", email),
                "no invitation to accept");
        JsonNode activation = notification(event, TYPE);
        assertEquals(List.of(email), List.of(activation.path("recipients").get(0).asText()));
        assertEquals(1, activation.path("recipients").size());
        assertEquals("fr_CA", activation.path("locale").asText(), "no locale of their own: the company's");
        JsonNode parameters = activation.path("parameters");
        assertEquals("Nina", parameters.path("firstName").asText());
        assertEquals(email, parameters.path("email").asText());
        assertEquals("Customer & Co", parameters.path("companyName").asText());
        assertEquals("Reseller One " + f.partner, parameters.path("resellerName").asText());
        String url = f.secret(activation, "activationUrl");
        assertTrue(url.contains("/signup/activation/"), url);
        String token = url.substring(url.lastIndexOf('/') + 1);

        // the link sets the password once, as ACCOUNT_ACTIVATION's does
        f.asPartner().body(Map.of("email", email, "password", "Pass-word-1", "activated", true, "termsOfService", true))
                .patch("/api/account/v2/inactiveUsers/" + token).then().statusCode(200)
                .body("activated", equalTo(true)).body("email", equalTo(email));
        f.asPartner().body(Map.of("password", "Pass-word-2")).patch("/api/account/v2/inactiveUsers/" + token).then()
                .statusCode(404);
        assertEquals(1, Fixtures.number("select count(*) from app_user where uuid = ? and status = 'ACTIVE'"
                + " and password_hash is not null and activation_token_hash is null", UUID.fromString(user)));
    }

    @Test
    void aManagedCustomersUserGetsNoEmailAndOtherCreationsAreUnchanged() {
        String reseller = provisioned(f.partner, "Reseller Two", true);
        // a managed customer: a managed user, no email, as any managed user
        String managed = f.company("Managed customer", false).uuid();
        String quiet = email("max");
        asReseller(f.partner).body(member(quiet, reseller)).post(COMPANIES + "/" + managed + "/members").then()
                .statusCode(201).body("user.status", equalTo("MANAGED"));
        assertTrue(types(created(quiet)).isEmpty(), created(quiet).toString());

        // without a reseller company the user is invited, as before
        String customer = provisioned(f.partner, "Plain customer", false);
        String invited = email("ivy");
        asReseller(f.partner).body(member(invited, null)).post(COMPANIES + "/" + customer + "/members").then()
                .statusCode(201).body("user.status", equalTo("INVITED"));
        assertTrue(types(created(invited)).isEmpty(), created(invited).toString());
        Fixtures.event("INVITATION_CREATED", e -> invited.equals(e.path("payload").path("email").asText()));

        // a company's first user created through the account API still gets ACCOUNT_ACTIVATION
        String first = email("ada");
        f.asPartner().body(Map.of("name", "Direct Co", "allowLogin", true, "firstUser", Map.of("email", first,
                "firstName", "Ada"))).post("/api/account/v2/companies").then().statusCode(201);
        assertEquals(List.of("NEW_USER", "WELCOME_USER", "ACCOUNT_ACTIVATION"), types(created(first)));
    }

    @Test
    void onlyAResellerCompanyOfTheMarketplaceCanBeNamedAndOnlyByTheMesh() {
        String reseller = provisioned(f.partner, "Reseller Three", true);
        String customer = provisioned(f.partner, "Customer Three", false);
        String members = COMPANIES + "/" + customer + "/members";
        String refused = "{\"code\":\"INVALID_FIELD\",\"message\":\"resellerCompanyId: must be a reseller company of the"
                + " marketplace\"}";
        // a company that is no reseller, another marketplace's reseller company, an unknown id: one answer, nothing created
        String notReseller = provisioned(f.partner, "Not a reseller", false);
        String othersReseller = provisioned("X" + f.partner, "Their reseller", true);
        for (String named : List.of(notReseller, othersReseller, UUID.randomUUID().toString())) {
            String email = email("no");
            asReseller(f.partner).body(member(email, named)).post(members).then().statusCode(400)
                    .body(errorBody(refused));
            assertEquals(0, users(email), "nothing is created for " + named);
        }
        String email = email("bad");
        asReseller(f.partner).body(member(email, "not-a-uuid")).post(members).then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", org.hamcrest.Matchers.containsString("resellerCompanyId"));
        assertEquals(0, users(email));

        // the public memberships API has no such field: nobody claims to be a reseller there
        Map<String, Object> claim = Map.of("user", Map.of("email", email, "firstName", "Eve"), "resellerCompanyId", reseller);
        f.asPartner().body(claim).post(Fixtures.members(customer)).then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", org.hamcrest.Matchers.containsString("resellerCompanyId"));
        // and channel credentials never reach the internal endpoint, whatever their roles
        Fixtures.as(InternalTokens.bearer(f.partner, Roles.PARTNER, Roles.SYS_ADMIN))
                .header("Idempotency-Key", UUID.randomUUID().toString()).body(member(email, reseller)).post(members).then()
                .statusCode(403);
        assertEquals(0, users(email));
    }
}
