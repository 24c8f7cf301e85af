package dev.marketplace.account;

import static dev.marketplace.testkit.ErrorBodies.withoutRequestId;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

/**
 * Another marketplace's company (and everything under it: members, groups, invitations, domains, activities, purchase
 * requests), user and group answer exactly as ids that do not exist: 404 NOT_FOUND with the same message but for the id
 * (docs/architecture.md, "Identity"). The old code loaded them from any marketplace and answered 403. Permission
 * questions inside the marketplace stay 403 (CompanyApiTest, MembershipApiTest, GroupApiTest).
 */
@QuarkusTest
class ExistenceOracleTest {
    private final Fixtures f = new Fixtures();
    private final String rivalPartner = "R" + UUID.randomUUID().toString().substring(0, 8);

    private RequestSpecification asRival() {
        return Fixtures.as(InternalTokens.bearer(rivalPartner, Roles.PARTNER, Roles.CHANNEL_ADMIN));
    }

    private record Probe(String method, String path, Object body) {
    }

    /** The probes whose answer is not a 404 NOT_FOUND "{what} {id} was not found". */
    private static List<String> notUnknown(List<Probe> probes, java.util.function.Supplier<RequestSpecification> as,
            String what, String id) {
        List<String> wrong = new ArrayList<>();
        String expected = "{\"code\":\"NOT_FOUND\",\"message\":\"" + what + " " + id + " was not found\"}";
        for (Probe p : probes) {
            RequestSpecification request = as.get();
            if (p.body() != null) {
                request.body(p.body());
            }
            Response r = request.request(p.method(), p.path());
            if (r.statusCode() != 404 || !expected.equals(withoutRequestId(r.asString()))) {
                wrong.add(p.method() + " " + p.path() + " -> " + r.statusCode() + " " + r.asString());
            }
        }
        return wrong;
    }

    private static List<Probe> underCompany(String id, String member, String group) {
        String c = "/api/account/v2/companies/" + id;
        return List.of(new Probe("GET", c, null), new Probe("PATCH", c, Map.of("name", "Taken over")),
                new Probe("GET", c + "/picture", null),
                new Probe("GET", c + "/memberships", null), new Probe("GET", c + "/memberships/" + member, null),
                new Probe("PATCH", c + "/memberships/" + member, Map.of("enabled", false)),
                new Probe("DELETE", c + "/memberships/" + member, null),
                new Probe("PATCH", c + "/memberships/roles",
                        List.of(Map.of("userUuid", member, "rolesToAdd", List.of("ROLE_DEVELOPER")))),
                new Probe("POST", c + "/memberships", Map.of("user", Map.of("email", "eve@rival.example", "firstName", "Eve"))),
                new Probe("GET", c + "/memberships/" + member + "/assignments", null),
                new Probe("GET", c + "/memberships/" + member + "/assignableRoles", null),
                new Probe("GET", c + "/memberships/" + member + "/checklist", null),
                new Probe("GET", c + "/memberships/" + member + "/groups", null),
                new Probe("POST", c + "/memberships/" + member + "/applications/501/purchaseRequests",
                        Map.of("productName", "Sheet Pro")),
                new Probe("GET", c + "/assignableRoles", null),
                new Probe("GET", c + "/groups", null), new Probe("POST", c + "/groups", Map.of("name", "Intruders")),
                new Probe("GET", c + "/groups/" + group, null),
                new Probe("PUT", c + "/groups/" + group, Map.of("name", "Renamed")),
                new Probe("DELETE", c + "/groups/" + group, null),
                new Probe("GET", c + "/groups/" + group + "/memberships", null),
                new Probe("PUT", c + "/groups/" + group + "/memberships/" + member, null),
                new Probe("GET", c + "/invitations", null), new Probe("DELETE", c + "/invitations/a@b.example", null),
                new Probe("GET", c + "/domains", null), new Probe("POST", c + "/domains", Map.of("name", "rival.example")),
                new Probe("GET", c + "/verifiedDomains", null),
                new Probe("GET", c + "/activities?displayType=EVERYONE", null));
    }

    @Test
    void anotherMarketplacesCompanyIsAsUnknownAsAMissingOne() {
        Fixtures.Co co = f.company("Oracle Co", true);
        String group = f.asPartner().body(Map.of("name", "Owners")).post("/api/account/v2/companies/" + co.uuid() + "/groups")
                .then().statusCode(201).extract().path("uuid");
        String unknown = UUID.randomUUID().toString();
        for (String id : List.of(co.uuid(), unknown)) {
            assertEquals(List.of(), notUnknown(underCompany(id, co.adminUuid(), group), this::asRival, "Company", id));
            // a token of the rival marketplace naming ACME's administrator as its user
            assertEquals(List.of(), notUnknown(underCompany(id, co.adminUuid(), group).subList(0, 5),
                    () -> Fixtures.as(InternalTokens.bearerAsUser(rivalPartner, UUID.fromString(co.adminUuid()))),
                    "Company", id));
        }
        // nothing changed
        String c = "/api/account/v2/companies/" + co.uuid();
        f.asPartner().get(c).then().statusCode(200).body("name", equalTo("Oracle Co"));
        f.asPartner().get(c + "/groups").then().statusCode(200).body("content.name", equalTo(List.of("Owners")));
        f.asPartner().get(c + "/memberships").then().statusCode(200).body("content", hasSize(1))
                .body("content[0].enabled", equalTo(true));
        // the company's own marketplace still gets its permission answers: a stranger is refused, not told "not found"
        f.asUser(UUID.randomUUID().toString()).get(c).then().statusCode(403).body("code", equalTo("FORBIDDEN"));
    }

    @Test
    void anotherMarketplacesGroupIsAsUnknownAsAMissingOne() {
        // the rival names its own company and ACME's group: a group is found only in its company
        Fixtures.Co co = f.company("Group Owner Co", true);
        String group = f.asPartner().body(Map.of("name", "Secret")).post("/api/account/v2/companies/" + co.uuid() + "/groups")
                .then().statusCode(201).extract().path("uuid");
        String rivals = asRival().body(Map.of("name", "Rival Co")).post("/api/account/v2/companies").then().statusCode(201)
                .extract().path("uuid");
        String groups = "/api/account/v2/companies/" + rivals + "/groups/";
        for (String id : List.of(group, UUID.randomUUID().toString())) {
            asRival().get(groups + id).then().statusCode(404)
                    .body("message", equalTo("Group " + id + " was not found"));
            asRival().body(Map.of("name", "Renamed")).put(groups + id).then().statusCode(404)
                    .body("message", equalTo("Group " + id + " was not found"));
        }
        f.asPartner().get("/api/account/v2/companies/" + co.uuid() + "/groups/" + group).then().statusCode(200)
                .body("name", equalTo("Secret"));
    }

    @Test
    void anotherMarketplacesUserIsAsUnknownAsAMissingOne() {
        Fixtures.Co co = f.company("User Owner Co", true);
        String zoe = f.member(co, "zoe-" + UUID.randomUUID() + "@x.example", List.of("ROLE_USER"));
        String query = "query($id: ID!) { user(id: $id) { id } }";
        for (String id : List.of(zoe, UUID.randomUUID().toString())) {
            asRival().get("/api/account/v2/users/" + id).then().statusCode(404).body("code", equalTo("NOT_FOUND"))
                    .body("message", equalTo("User " + id + " was not found"));
            asRival().body(Map.of("query", query, "variables", Map.of("id", id))).post("/api/graphql").then()
                    .body("data.user", nullValue()).body("errors", hasSize(1))
                    .body("errors[0].extensions.code", equalTo("NOT_FOUND"))
                    .body("errors[0].message", equalTo("User " + id + " was not found"));
            // the rival's token acting as that user: its own user is unknown in the rival's marketplace
            Fixtures.as(InternalTokens.bearerAsUser(rivalPartner, UUID.fromString(id))).get("/api/account/v2/users/" + id)
                    .then().statusCode(404).body("message", equalTo("User " + id + " was not found"));
            Fixtures.as(InternalTokens.bearerAsUser(rivalPartner, UUID.fromString(id)))
                    .body(Map.of("query", "{ me { id } }")).post("/api/graphql").then()
                    .body("errors[0].extensions.code", equalTo("NOT_FOUND"))
                    .body("errors[0].message", equalTo("User " + id + " was not found"));
        }
        // inside the marketplace, a user who may not see another is refused
        f.asUser(zoe).get("/api/account/v2/users/" + co.adminUuid()).then().statusCode(403).body("code", equalTo("FORBIDDEN"));
        f.asPartner().get("/api/account/v2/users").then().statusCode(200).body("content.uuid", hasItem(zoe));
    }
}
