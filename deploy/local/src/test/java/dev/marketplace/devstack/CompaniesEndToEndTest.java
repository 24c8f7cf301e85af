package dev.marketplace.devstack;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;

/** The companies slice through the public door only: signed calls to the gateway, as a user of the API makes them. */
class CompaniesEndToEndTest {
    private final GatewayClient client = GatewayClient.bootstrapConsumer();

    @Test
    void createReadUpdateAndListThroughTheGateway() {
        String externalId = "e2e-" + UUID.randomUUID();
        String uuid = client.signed("POST", "/api/account/v2/companies").contentType(ContentType.JSON)
                .body(Map.of("name", "End To End Inc", "externalId", externalId, "countryCode", "US",
                        "firstUser", Map.of("email", "owner-" + externalId + "@e2e.example", "firstName", "Owner")))
                .post(client.url("/api/account/v2/companies"))
                .then().statusCode(201).body("name", equalTo("End To End Inc")).extract().path("uuid");

        client.signed("GET", "/api/account/v2/companies/externalId:" + externalId)
                .get(client.url("/api/account/v2/companies/externalId:" + externalId))
                .then().statusCode(200).body("uuid", equalTo(uuid))
                .body("links.find { it.rel == 'self' }.href", containsString("/api/account/v2/companies/" + uuid));

        client.signed("PATCH", "/api/account/v2/companies/" + uuid).contentType(ContentType.JSON)
                .body(Map.of("industry", "Testing"))
                .patch(client.url("/api/account/v2/companies/" + uuid))
                .then().statusCode(200).body("industry", equalTo("Testing")).body("countryCode", equalTo("US"));

        client.signed("GET", "/api/account/v2/companies?name=End%20To%20End&size=100")
                .get(client.url("/api/account/v2/companies?name=End%20To%20End&size=100"))
                .then().statusCode(200).body("content.uuid", hasItem(uuid));
    }

    @Test
    void aRetriedCreationWithItsIdempotencyKeyCreatesOneCompany() {
        String key = UUID.randomUUID().toString();
        String externalId = "idem-e2e-" + key;
        Map<String, Object> body = Map.of("name", "Idempotent Co", "externalId", externalId, "countryCode", "FR");
        String first = client.signed("POST", "/api/account/v2/companies").contentType(ContentType.JSON)
                .header("Idempotency-Key", key).body(body).post(client.url("/api/account/v2/companies"))
                .then().statusCode(201).extract().path("uuid");
        // the client did not see the answer (a 502 on its way back, say) and sends the same request again
        client.signed("POST", "/api/account/v2/companies").contentType(ContentType.JSON).header("Idempotency-Key", key)
                .body(body).post(client.url("/api/account/v2/companies")).then().statusCode(201)
                .header("Idempotent-Replayed", "true").body("uuid", equalTo(first));
        // the same key for another request is refused and creates nothing
        client.signed("POST", "/api/account/v2/companies").contentType(ContentType.JSON).header("Idempotency-Key", key)
                .body(Map.of("name", "Another Co", "countryCode", "FR")).post(client.url("/api/account/v2/companies"))
                .then().statusCode(422).body("code", equalTo("IDEMPOTENCY_KEY_REUSED"));
        String lookup = "/api/account/v2/companies/externalId:" + externalId;
        client.signed("GET", lookup).get(client.url(lookup)).then().statusCode(200).body("uuid", equalTo(first));
    }

    @Test
    void unsignedTamperedAndXmlCallsAreRefused() {
        given().get(client.url("/api/account/v2/companies")).then().statusCode(403).body("code", equalTo("FORBIDDEN"));
        GatewayClient wrongSecret = new GatewayClient(Suite.stack().gatewayUrl(), DevStack.CONSUMER_KEY, "wrong");
        wrongSecret.signed("GET", "/api/account/v2/companies").get(client.url("/api/account/v2/companies"))
                .then().statusCode(403).body("code", equalTo("FORBIDDEN"));
        // signed for one query, sent with another
        client.signed("GET", "/api/account/v2/companies?size=1").get(client.url("/api/account/v2/companies?size=2"))
                .then().statusCode(403);
        client.signed("POST", "/api/account/v2/companies").contentType("application/xml").body("<company/>")
                .post(client.url("/api/account/v2/companies")).then().statusCode(415);
    }

    @Test
    void servicesRefuseCallsThatBypassTheGateway() {
        String account = Suite.stack().serviceUrl("account-service");
        given().get(account + "/api/account/v2/companies").then().statusCode(403);
        given().header("Authorization", "Bearer forged.token.value").get(account + "/api/account/v2/companies")
                .then().statusCode(403);
    }
}
