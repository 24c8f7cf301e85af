package dev.marketplace.account.user;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.account.Fixtures;
import dev.marketplace.account.Fixtures.Co;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.specification.RequestSpecification;

/** Users (REST and GraphQL) and company activities. */
@QuarkusTest
class UserApiTest {
    private final Fixtures f = new Fixtures();

    @Test
    void listAndReadUsersWithinTheMarketplace() {
        Co co = f.company("Users Co", true);
        String email = "zoe-" + UUID.randomUUID() + "@x.example";
        String zoe = f.member(co, email, List.of("ROLE_BILLING_ADMIN"));
        f.asPartner().get("/api/account/v2/users").then().statusCode(200).body("page.totalElements", equalTo(2))
                .body("content.uuid", hasItem(zoe)).body("page.size", equalTo(50));
        f.asReader().queryParam("email", email.toUpperCase()).get("/api/account/v2/users").then().statusCode(200)
                .body("content.uuid", equalTo(List.of(zoe)));
        f.asPartner().queryParam("name", "ada admin").get("/api/account/v2/users").then().body("content.uuid", equalTo(List.of(co.adminUuid())));
        f.asPartner().queryParam("companyMembershipRole", "BILLING_ADMIN").get("/api/account/v2/users").then()
                .body("content.uuid", equalTo(List.of(zoe)));
        f.asPartner().queryParam("sortField", "LAST_NAME").queryParam("sortOrder", "DESC").get("/api/account/v2/users").then()
                .body("content[0].uuid", equalTo(zoe));
        f.asPartner().queryParam("companyMembershipRole", "WIZARD").get("/api/account/v2/users").then().statusCode(400)
                .body("message", containsString("companyMembershipRole"));
        f.asPartner().queryParam("lastModified", "yesterday").get("/api/account/v2/users").then().statusCode(400);
        f.asOtherPartner().get("/api/account/v2/users").then().statusCode(200).body("content.uuid", not(hasItem(zoe)));
        f.asUser(co.adminUuid()).get("/api/account/v2/users").then().statusCode(403);

        String path = "/api/account/v2/users/" + zoe;
        f.asPartner().get(path).then().statusCode(200).body("email", equalTo(email)).body("status", equalTo("INVITED"))
                .body("customAttributes", nullValue());
        f.asUser(zoe).get(path).then().statusCode(200);
        f.asUser(co.adminUuid()).get(path).then().statusCode(200);
        f.asUser(zoe).get("/api/account/v2/users/" + co.adminUuid()).then().statusCode(403);
        f.asOtherPartner().get(path).then().statusCode(404);
        f.asPartner().get("/api/account/v2/users/" + UUID.randomUUID()).then().statusCode(404);
        f.asPartner().get("/api/account/v2/users/nope").then().statusCode(400);
        Fixtures.sql("update app_user set external_id = ? where uuid = ?", "zoe-ext-" + zoe, UUID.fromString(zoe));
        f.asPartner().get("/api/account/v2/users/externalId:zoe-ext-" + zoe).then().statusCode(200).body("uuid", equalTo(zoe));
    }

    @Test
    void activitiesEveryoneOrOnlyMe() {
        Co co = f.company("Activity Co", true);
        String activities = "/api/account/v2/companies/" + co.uuid() + "/activities";
        String dev = f.member(co, "act-" + UUID.randomUUID() + "@x.example", List.of("ROLE_DEVELOPER"));
        f.asUser(co.adminUuid()).body(Map.of("name", "Act group")).post("/api/account/v2/companies/" + co.uuid() + "/groups")
                .then().statusCode(201);
        for (int i = 0; i < 12; i++) {
            f.asUser(co.adminUuid()).body(Map.of("enabled", i % 2 == 0 ? false : true))
                    .patch(Fixtures.members(co.uuid()) + "/" + dev).then().statusCode(200);
        }
        f.asPartner().queryParam("displayType", "EVERYONE").get(activities).then().statusCode(200)
                .body("content", hasSize(12)).body("page.size", equalTo(12)).body("page.totalElements", equalTo(14))
                .body("content[0].verb", equalTo("MEMBERSHIP_ENABLED")).body("content[0].subject.uuid", equalTo(dev));
        f.asPartner().queryParam("displayType", "EVERYONE").queryParam("page", 1).get(activities).then()
                .body("content.verb", equalTo(List.of("GROUP_CREATED", "USER_INVITED")));
        // ONLY_ME (the default): what the calling user did or underwent
        f.asUser(dev).get(activities).then().statusCode(200).body("page.totalElements", equalTo(13))
                .body("content.subject.uuid", everyItem(equalTo(dev)));
        f.asUser(co.adminUuid()).queryParam("size", 50).get(activities).then().body("page.totalElements", equalTo(13))
                .body("content.actor.uuid", everyItem(equalTo(co.adminUuid())));
        f.asPartner().get(activities).then().statusCode(400).body("message", containsString("displayType"));
        f.asPartner().queryParam("displayType", "SOME").get(activities).then().statusCode(400);
        f.asOtherPartner().queryParam("displayType", "EVERYONE").get(activities).then().statusCode(404);
        f.asUser(UUID.randomUUID().toString()).get(activities).then().statusCode(403);
    }

    private static RequestSpecification graphql(RequestSpecification as, String query, Map<String, Object> variables) {
        return as.body(Map.of("query", query, "variables", variables));
    }

    @Test
    void malformedGraphqlRequestsAre400InvalidBody() {
        for (String malformed : new String[] { "{\"query\": ", "not json at all", "[1, 2", "{\"a\":\"\\uZZZZ\"}", "[]", "" }) {
            f.asPartner().contentType("application/json").body(malformed).post("/api/graphql").then().statusCode(400)
                    .body("code", equalTo("INVALID_BODY"));
        }
        graphql(f.asPartner(), "{ users(first: 1) { totalCount } }", Map.of()).post("/api/graphql").then().statusCode(200)
                .body("errors", nullValue());
    }

    @Test
    void graphqlUsersConnectionUserAndMe() {
        Co co = f.company("Graph Co", true);
        String ext = "g-ext-" + UUID.randomUUID();
        String ann = f.member(co, "ann-" + UUID.randomUUID() + "@x.example", List.of("ROLE_BILLING_ADMIN"));
        String bobEmail = "bob-" + UUID.randomUUID() + "@x.example";
        String bob = f.member(co, bobEmail, List.of("ROLE_DEVELOPER"));
        Fixtures.sql("update app_user set external_id = ? where uuid = ?", ext, UUID.fromString(bob));
        String users = "query($first: Int, $after: String) { users(first: $first, after: $after,"
                + " orderBy: {field: CREATED_ON, direction: ASC}) { totalCount nodes { id email }"
                + " edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage endCursor } } }";
        String cursor = graphql(f.asPartner(), users, Map.of("first", 2)).post("/api/graphql").then().statusCode(200)
                .body("errors", nullValue()).body("data.users.totalCount", equalTo(3))
                .body("data.users.nodes.id", equalTo(List.of(co.adminUuid(), ann)))
                .body("data.users.pageInfo.hasNextPage", equalTo(true)).body("data.users.pageInfo.hasPreviousPage", equalTo(false))
                .extract().path("data.users.pageInfo.endCursor");
        graphql(f.asReader(), users, Map.of("first", 2, "after", cursor)).post("/api/graphql").then().statusCode(200)
                .body("data.users.nodes.id", equalTo(List.of(bob))).body("data.users.pageInfo.hasNextPage", equalTo(false))
                .body("data.users.pageInfo.hasPreviousPage", equalTo(true))
                // the last page tells the total by itself (2 before it, 1 on it)
                .body("data.users.totalCount", equalTo(3));
        graphql(f.asPartner(), "{ users(last: 1) { nodes { id } } }", Map.of()).post("/api/graphql").then()
                .body("errors", nullValue()).body("data.users.nodes.id", equalTo(List.of(bob)));
        graphql(f.asPartner(), "query($n: String) { users(filter: {name: $n}) { nodes { id memberships { account { id name status }"
                + " roles status isLastUsed } } } }", Map.of("n", "bob-")).post("/api/graphql").then().body("errors", nullValue())
                .body("data.users.nodes.id", equalTo(List.of(bob)))
                .body("data.users.nodes[0].memberships[0].account.id", equalTo(co.uuid()))
                .body("data.users.nodes[0].memberships[0].account.name", equalTo("Graph Co"))
                .body("data.users.nodes[0].memberships[0].account.status", equalTo("ENABLED"))
                .body("data.users.nodes[0].memberships[0].roles", equalTo(List.of("DEVELOPER")))
                .body("data.users.nodes[0].memberships[0].isLastUsed", equalTo(true));
        long future = System.currentTimeMillis() + 3_600_000;
        graphql(f.asPartner(), "query($t: BigInteger) { users(filter: {lastModified: $t}) { totalCount } }", Map.of("t", future))
                .post("/api/graphql").then().body("errors", nullValue()).body("data.users.totalCount", equalTo(0));
        graphql(f.asPartner(), "query($e: String) { users(filter: {email: $e}) { nodes { id } } }",
                Map.of("e", "BOB-" + bobEmail.substring(4))).post("/api/graphql").then()
                .body("data.users.nodes.id", equalTo(List.of(bob)));
        graphql(f.asPartner(), "{ users(after: \"garbage\") { nodes { id } } }", Map.of()).post("/api/graphql").then()
                .body("errors[0].message", containsString("after"));

        graphql(f.asPartner(), "query($id: ID!) { user(id: $id) { email memberships { roles } } }", Map.of("id", ann))
                .post("/api/graphql").then().body("data.user.memberships[0].roles", equalTo(List.of("ACCOUNT_BILLING_ADMIN")));
        graphql(f.asPartner(), "query($e: String!) { userByExternalId(externalId: $e) { id } }", Map.of("e", ext))
                .post("/api/graphql").then().body("data.userByExternalId.id", equalTo(bob));
        graphql(f.asUser(bob), "{ me { id email memberships { account { id } } } }", Map.of()).post("/api/graphql").then()
                .statusCode(200).body("errors", nullValue()).body("data.me.id", equalTo(bob));
        graphql(f.asUser(co.adminUuid()), "query($id: ID!) { user(id: $id) { id } }", Map.of("id", bob)).post("/api/graphql")
                .then().body("data.user.id", equalTo(bob));

        // bob also belongs to a company Graph Co's administrator cannot read: it is named to the channel, never to them
        Co other = f.company("Elsewhere Co", true);
        String bobAgain = f.member(other, bobEmail, List.of("ROLE_DEVELOPER"));
        org.junit.jupiter.api.Assertions.assertEquals(bob, bobAgain, "the same user joins a second company");
        String withMemberships = "query($id: ID!) { user(id: $id) { id memberships { account { id } } } }";
        graphql(f.asUser(co.adminUuid()), withMemberships, Map.of("id", bob)).post("/api/graphql").then()
                .body("errors", nullValue()).body("data.user.memberships.account.id", equalTo(List.of(co.uuid())));
        graphql(f.asPartner(), withMemberships, Map.of("id", bob)).post("/api/graphql").then()
                .body("data.user.memberships.account.id", containsInAnyOrder(co.uuid(), other.uuid()));
        graphql(f.asUser(bob), "{ me { memberships { account { id } } } }", Map.of()).post("/api/graphql").then()
                .body("data.me.memberships.account.id", containsInAnyOrder(co.uuid(), other.uuid()));

        // same authorization as REST: a plain user neither lists nor reads others; other marketplaces see nothing
        graphql(f.asUser(bob), "{ users { nodes { id } } }", Map.of()).post("/api/graphql").then()
                .body("data.users", nullValue()).body("errors[0].extensions.code", equalTo("FORBIDDEN"));
        graphql(f.asUser(bob), "query($id: ID!) { user(id: $id) { id } }", Map.of("id", ann)).post("/api/graphql").then()
                .body("data.user", nullValue()).body("errors[0].extensions.code", equalTo("FORBIDDEN"));
        graphql(f.asOtherPartner(), "query($id: ID!) { user(id: $id) { id } }", Map.of("id", ann)).post("/api/graphql").then()
                .body("data.user", nullValue()).body("errors", hasSize(1));
        graphql(f.asOtherPartner(), "{ users { nodes { id } } }", Map.of()).post("/api/graphql").then()
                .body("data.users.nodes.id", not(hasItem(ann)));
        RestAssured.given().contentType("application/json").body(Map.of("query", "{ me { id } }")).post("/api/graphql").then()
                .statusCode(403).body("code", equalTo("FORBIDDEN"));
        RestAssured.given().header("Authorization", "Bearer not.a.token").contentType("application/json")
                .body(Map.of("query", "{ me { id } }")).post("/api/graphql").then().statusCode(403);
    }
}
