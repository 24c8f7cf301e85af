package dev.marketplace.devstack;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.nullValue;

import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;

/**
 * The API families other than companies, as a client reaches them: GraphQL with the calling user named by
 * {@code xoauth_requestor_id}, and notification templates (partner templates and super-support defaults).
 */
class ApiFamiliesEndToEndTest {
    private final GatewayClient client = GatewayClient.bootstrapConsumer();

    @Test
    void graphqlMeIsTheUserNamedByXoauthRequestorId() {
        String externalId = "graph-e2e-" + UUID.randomUUID();
        String email = "gina-" + externalId + "@e2e.example";
        String company = client.signed("POST", "/api/account/v2/companies").contentType(ContentType.JSON)
                .body(Map.of("name", "Graph E2E Co", "externalId", externalId, "countryCode", "US",
                        "firstUser", Map.of("email", email, "firstName", "Gina")))
                .post(client.url("/api/account/v2/companies")).then().statusCode(201).extract().path("uuid");
        String memberships = "/api/account/v2/companies/" + company + "/memberships";
        String user = client.signed("GET", memberships).get(client.url(memberships)).then().statusCode(200)
                .extract().path("content[0].user.uuid");

        String asUser = "/api/graphql?xoauth_requestor_id=" + user;
        client.signed("POST", asUser).contentType(ContentType.JSON)
                .body(Map.of("query", "{ me { id email memberships { account { id name } } } }"))
                .post(client.url(asUser)).then().statusCode(200).body("errors", nullValue())
                .body("data.me.id", equalTo(user)).body("data.me.email", equalTo(email))
                .body("data.me.memberships.account.id", hasItem(company));
        client.signed("POST", "/api/graphql").contentType(ContentType.JSON)
                .body(Map.of("query", "query($id: ID!) { user(id: $id) { id email } }", "variables", Map.of("id", user)))
                .post(client.url("/api/graphql")).then().statusCode(200).body("data.user.email", equalTo(email));
        // a requestor id that is not a user UUID is refused before anything runs
        String garbage = "/api/graphql?xoauth_requestor_id=not-a-uuid";
        client.signed("POST", garbage).contentType(ContentType.JSON).body(Map.of("query", "{ me { id } }"))
                .post(client.url(garbage)).then().statusCode(400);
    }

    @Test
    void partnerTemplatesOverrideTheDefaultsWhichOnlySuperSupportMayRead() {
        String base = "/api/notification/v1/templates";
        client.signed("GET", base + "/default/email/INVITE_USER?locale=en")
                .get(client.url(base + "/default/email/INVITE_USER?locale=en")).then().statusCode(200)
                .body("type", equalTo("INVITE_USER"));
        String subject = "Welcome to {companyName} " + UUID.randomUUID();
        client.signed("POST", base + "/email").contentType(ContentType.JSON)
                .body(Map.of("type", "ACCOUNT_ACTIVATION", "locale", "en", "subject", subject, "content", "Hello {firstName}"))
                .post(client.url(base + "/email")).then().statusCode(200).body("subject", equalTo(subject));
        client.signed("GET", base + "/email/ACCOUNT_ACTIVATION?locale=en")
                .get(client.url(base + "/email/ACCOUNT_ACTIVATION?locale=en")).then().statusCode(200)
                .body("subject", equalTo(subject));
        // an OAuth 2.0 token scoped to ROLE_PARTNER reads the partner's template, not the defaults
        String token = io.restassured.RestAssured.given().auth().preemptive().basic(DevStack.CONSUMER_KEY, DevStack.CONSUMER_SECRET)
                .formParam("grant_type", "client_credentials").formParam("scope", "ROLE_PARTNER")
                .post(client.url("/oauth2/token")).then().statusCode(200).extract().path("access_token");
        io.restassured.RestAssured.given().header("Authorization", "Bearer " + token)
                .get(client.url(base + "/email/ACCOUNT_ACTIVATION?locale=en")).then().statusCode(200)
                .body("subject", equalTo(subject));
        io.restassured.RestAssured.given().header("Authorization", "Bearer " + token)
                .get(client.url(base + "/default/email/INVITE_USER?locale=en")).then().statusCode(403);
        client.signed("POST", base + "/email").contentType(ContentType.JSON)
                .body(Map.of("type", "NO_SUCH_TYPE", "locale", "en", "subject", "x", "content", "y"))
                .post(client.url(base + "/email")).then().statusCode(400);
    }
}
