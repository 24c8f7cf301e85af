package dev.marketplace.devstack;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;

/**
 * The account family as a client reaches it through the gateway: the partner's signed calls acting as the company
 * administrator ({@code xoauth_requestor_id}) run groups, invitations and memberships; a read-only OAuth 2.0 token
 * reads but changes nothing.
 */
class AccountFamilyEndToEndTest {
    private final GatewayClient client = GatewayClient.bootstrapConsumer();

    private record Company(String uuid, String admin) {
    }

    private Company company(String name) {
        String externalId = "acct-e2e-" + UUID.randomUUID();
        String uuid = client.signed("POST", "/api/account/v2/companies").contentType(ContentType.JSON)
                .body(Map.of("name", name, "externalId", externalId, "countryCode", "US",
                        "firstUser", Map.of("email", "admin-" + externalId + "@e2e.example", "firstName", "Ada")))
                .post(client.url("/api/account/v2/companies")).then().statusCode(201).extract().path("uuid");
        String memberships = "/api/account/v2/companies/" + uuid + "/memberships";
        String admin = client.signed("GET", memberships).get(client.url(memberships)).then().statusCode(200)
                .body("content[0].roles", hasItem("ROLE_SYS_ADMIN")).extract().path("content[0].user.uuid");
        return new Company(uuid, admin);
    }

    private static String as(String path, String user) {
        return path + (path.contains("?") ? "&" : "?") + "xoauth_requestor_id=" + user;
    }

    @Test
    void aCompanyAdministratorRunsGroupsAndInvitationsAndReadOnlyCredentialsChangeNothing() {
        Company acme = company("Acme E2E");

        String groups = as("/api/account/v2/companies/" + acme.uuid() + "/groups", acme.admin());
        String group = client.signed("POST", groups).contentType(ContentType.JSON).body(Map.of("name", "Engineering"))
                .post(client.url(groups)).then().statusCode(201).body("name", equalTo("Engineering"))
                .extract().path("uuid");
        String member = as("/api/account/v2/companies/" + acme.uuid() + "/groups/" + group + "/memberships/" + acme.admin(),
                acme.admin());
        client.signed("PUT", member).put(client.url(member)).then().statusCode(204);
        client.signed("GET", groups).get(client.url(groups)).then().statusCode(200)
                .body("content.uuid", hasItem(group)).body("content.find { it.uuid == '" + group + "' }.memberCount", equalTo(1));

        String invitations = as("/api/account/v2/companies/" + acme.uuid() + "/invitations", acme.admin());
        String invitee = "new-" + UUID.randomUUID() + "@e2e.example";
        client.signed("POST", invitations).contentType(ContentType.JSON)
                .body(List.of(Map.of("email", invitee, "role", "USER"), Map.of("email", "not-an-email", "role", "USER")))
                .post(client.url(invitations)).then().statusCode(200)
                .body("invitationsSent", equalTo(1)).body("errors.index", equalTo(List.of(1)));
        client.signed("GET", invitations).get(client.url(invitations)).then().statusCode(200)
                .body("content.email", hasItem(invitee));

        // a read-only OAuth 2.0 token of the partner reads the groups but changes nothing
        String token = io.restassured.RestAssured.given().auth().preemptive().basic(DevStack.CONSUMER_KEY, DevStack.CONSUMER_SECRET)
                .formParam("grant_type", "client_credentials").formParam("scope", "ROLE_PARTNER_READ")
                .post(client.url("/oauth2/token")).then().statusCode(200).extract().path("access_token");
        String plainGroups = "/api/account/v2/companies/" + acme.uuid() + "/groups";
        io.restassured.RestAssured.given().header("Authorization", "Bearer " + token).get(client.url(plainGroups))
                .then().statusCode(200).body("content.uuid", hasItem(group));
        io.restassured.RestAssured.given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
                .body(Map.of("name", "Intruders")).post(client.url(plainGroups)).then().statusCode(403);
        io.restassured.RestAssured.given().header("Authorization", "Bearer " + token)
                .delete(client.url(plainGroups + "/" + group)).then().statusCode(403);
        client.signed("GET", groups).get(client.url(groups)).then().statusCode(200)
                .body("content.name", not(hasItem("Intruders"))).body("content.uuid", hasItem(group));
        // an unsigned call is refused before it reaches the service
        io.restassured.RestAssured.given().get(client.url(plainGroups)).then().statusCode(403);

        // the user directory and the membership listing see the invitee as invited
        String memberships = "/api/account/v2/companies/" + acme.uuid() + "/memberships";
        client.signed("GET", memberships).get(client.url(memberships)).then().statusCode(200)
                .body("content.user.email", hasItem(invitee));
        String user = "/api/account/v2/users/" + acme.admin();
        client.signed("GET", user).get(client.url(user)).then().statusCode(200).body("uuid", equalTo(acme.admin()));
    }
}
