package dev.marketplace.devstack;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.testkit.OpenApiCheck;
import io.restassured.http.ContentType;
import io.restassured.response.Response;

/**
 * The combined OpenAPI document through the gateway, made of every service's document: every operation documented
 * (testkit's OpenApiCheck, which names every offending operation), no {@code /internal/} path, the gateway's security
 * schemes; and Swagger UI's flow done by hand with plain HTTP, as a browser would: the page, its configuration naming
 * the document, a token from the document's tokenUrl for the bootstrap consumer, and a bearer call.
 */
class OpenApiEndToEndTest {
    private final GatewayClient client = GatewayClient.bootstrapConsumer();

    private JsonNode document() throws Exception {
        String json = given().get(client.url("/openapi")).then().statusCode(200).extract().asString();
        return new ObjectMapper().readTree(json);
    }

    @Test
    void theCombinedDocumentDescribesEveryOperationOfEveryService() throws Exception {
        JsonNode document = document();
        assertTrue(document.path("x-unavailable").isMissingNode(), "every source read: " + document.path("x-unavailable"));
        // one path of each service and of the gateway itself
        for (String path : List.of("/api/account/v2/companies", "/api/appReseller/v1/companies",
                "/api/marketplace/v1/products", "/api/billing/v1/orders", "/api/channel/v1/events", "/api/lead/v2/leads",
                "/oauth2/token", "/api/channel/v1/settings/oauth/credentials")) {
            assertTrue(document.path("paths").has(path), path + " is in the document");
        }
        assertEquals(List.of(), OpenApiCheck.internalPaths(document), "the gateway serves no /internal/ path");
        assertNull(OpenApiCheck.report(document));
        JsonNode schemes = document.path("components").path("securitySchemes");
        assertEquals(List.of("oauth1", "oauth2", "oauth2ClientBasic"), names(schemes));
        assertEquals("apiKey", schemes.path("oauth1").path("type").asText());
        assertEquals("/oauth2/token", schemes.path("oauth2").path("flows").path("clientCredentials").path("tokenUrl").asText());
        // typed bodies where the code reads a raw JSON node
        JsonNode create = document.path("paths").path("/api/account/v2/companies").path("post");
        String companyRef = create.path("requestBody").path("content").path("application/json").path("schema").path("$ref").asText();
        JsonNode company = document.path("components").path("schemas").path(companyRef.substring(companyRef.lastIndexOf('/') + 1));
        assertTrue(company.path("properties").has("firstUser"), "company creation documents firstUser: " + company);
        JsonNode invite = document.path("paths").path("/api/account/v2/companies/{companyUuid}/invitations").path("post")
                .path("requestBody").path("content").path("application/json").path("schema");
        assertEquals("array", invite.path("type").asText(), "invitations are an array: " + invite);
    }

    @Test
    void aDocumentedCreateAnswersWhatTheDocumentSays() throws Exception {
        JsonNode responses = document().path("paths").path("/api/account/v2/companies").path("post").path("responses");
        assertTrue(responses.has("201") && responses.path("201").path("headers").has("Location"), responses.toString());
        String externalId = "openapi-" + UUID.randomUUID();
        client.signed("POST", "/api/account/v2/companies").contentType(ContentType.JSON)
                .body(Map.of("name", "Documented " + externalId, "externalId", externalId, "countryCode", "US",
                        "firstUser", Map.of("email", "owner-" + externalId + "@e2e.example")))
                .post(client.url("/api/account/v2/companies"))
                .then().statusCode(201).header("Location", notNullValue());
        // a refusal has the documented {code, message} body and is a 403, never a 401
        given().get(client.url("/api/account/v2/companies")).then().statusCode(403)
                .body("code", equalTo("FORBIDDEN")).body("message", notNullValue());
    }

    @Test
    void swaggerUisTryItOutFlowWorksWithABearerToken() throws Exception {
        given().get(client.url("/swagger-ui/")).then().statusCode(200).contentType(containsString("text/html"))
                .body(containsString("swagger-ui-bundle.js"));
        given().get(client.url("/openapi-ui/swagger-ui-bundle.js")).then().statusCode(200);
        String config = given().get(client.url("/swagger-ui/swagger-initializer.js")).then().statusCode(200)
                .extract().asString();
        assertTrue(config.contains("url: \"/openapi\""), "the page loads the combined document: " + config);
        String tokenUrl = document().path("components").path("securitySchemes").path("oauth2").path("flows")
                .path("clientCredentials").path("tokenUrl").asText();
        // what Swagger UI does on "Authorize": the tokenUrl resolved against the page, client id and secret by Basic
        String token = given().auth().preemptive().basic(DevStack.CONSUMER_KEY, DevStack.CONSUMER_SECRET)
                .formParam("grant_type", "client_credentials")
                .post(URI.create(client.url("/swagger-ui/")).resolve(tokenUrl).toString())
                .then().statusCode(200).body("token_type", equalTo("bearer")).extract().path("access_token");
        Response companies = given().header("Authorization", "Bearer " + token)
                .get(client.url("/api/account/v2/companies"));
        companies.then().statusCode(200);
        assertFalse(companies.jsonPath().getList("content") == null, "a page of companies: " + companies.asString());
    }

    private static List<String> names(JsonNode object) {
        List<String> names = new java.util.ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        names.sort(null);
        return names;
    }
}
