package dev.marketplace.attack;

import static dev.marketplace.testkit.ErrorBodies.errorBody;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.anEmptyMap;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * Content events (catalog-service, POST /api/appwise/v2/data) take a product's OAuth 2.0 token, as the spec says: the
 * product's OAuth 1.0 signature, which a thief of the vendor's signing setup (or any of its signed calls' tooling)
 * would use, is the plain 403 and publishes nothing.
 */
class ContentEventAttacksTest {
    private static final String FORBIDDEN = "{\"code\":\"FORBIDDEN\",\"message\":\"Access is denied\"}";
    private static final String DATA = "/api/appwise/v2/data";

    private static Map<String, Object> event(String productUuid, String resourceId) {
        return Map.of("key", Map.of("source", productUuid, "instance", "attack.example", "resourceId", resourceId),
                "action", Map.of("verb", "shared", "text", "a document"));
    }

    @Test
    void aProductsSignatureCannotPublishContentEvents() throws Exception {
        Client acme = Stack.ACME.client();
        JsonPath product = Stack.createProduct(acme, "Content Signer");
        Client vendor = new Client(Stack.stack().gatewayUrl(), product.getString("integration.consumerKey"),
                product.getString("integration.consumerSecret"));
        String run = UUID.randomUUID().toString().substring(0, 8);
        String signed = "signed-" + run;
        String tokened = "token-" + run;

        vendor.signed("POST", DATA).contentType(ContentType.JSON).body(event(product.getString("uuid"), signed))
                .post(vendor.url(DATA)).then().statusCode(403).body(errorBody(FORBIDDEN));
        given().header("Authorization", "Bearer " + vendor.token(null)).contentType(ContentType.JSON)
                .body(event(product.getString("uuid"), tokened)).post(vendor.url(DATA)).then().statusCode(200)
                .body("$", anEmptyMap());

        // the token's event reaches the marketplace's event log; the signature's never existed
        awaitEvents(acme, tokened, 1);
        assertEquals(0, events(acme, signed).size());
    }

    private static List<Object> events(Client acme, String text) {
        String path = "/api/channel/v1/events?type=CONTENT_EVENT_PUBLISHED&searchText=" + text;
        return acme.signed("GET", path).get(acme.url(path)).then().statusCode(200).extract().jsonPath().getList("content");
    }

    private static void awaitEvents(Client acme, String text, int count) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (events(acme, text).size() < count) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no CONTENT_EVENT_PUBLISHED for " + text + " in the event log within 60 s");
            }
            Thread.sleep(500);
        }
    }
}
