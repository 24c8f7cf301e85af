package dev.marketplace.catalog.content;

import static dev.marketplace.catalog.CatalogFixtures.as;
import static dev.marketplace.catalog.CatalogFixtures.createProduct;
import static dev.marketplace.catalog.CatalogFixtures.newPartner;
import static dev.marketplace.catalog.CatalogFixtures.product;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.anEmptyMap;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.InternalToken;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.DomainEvents;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

@QuarkusTest
class ContentEventApiTest {
    private static final String DATA = "/api/appwise/v2/data";
    private final String partner = newPartner();

    private static Map<String, Object> event(String source, String resourceId, String text) {
        return Map.of(
                "eventMetadata", Map.of("id", UUID.randomUUID().toString(), "type", "ResourceUpdated", "timestamp", "2020-06-11T15:23:45Z"),
                "key", Map.of("source", source, "instance", "myclient.myapp.com", "resourceId", resourceId, "timestamp", 1500558736123L),
                "actor", Map.of("identifier", "bob@" + UUID.randomUUID() + "@" + UUID.randomUUID(), "name", "Bob Roberts"),
                "action", Map.of("verb", "assigned", "text", text),
                "changes", Map.of("fields", List.of(Map.of("name", "projectStatus", "value", "In progress", "label", "Project Status",
                        "op", "replace", "display", "expanded")),
                        "users", List.of(Map.of("identifier", "bob@x@y", "name", "Bob")),
                        "groups", List.of(Map.of("identifier", UUID.randomUUID().toString()))),
                "contents", List.of(Map.of("url", "https://myapp.com/orders/1234", "previewUrl", "https://myapp.com/orders/1234?preview",
                        "title", "Order request", "searchText", "text", "mimeType", "application/pdf", "linkedToResource", true)));
    }

    private static int storedRows(long productId, String resourceId, String textContaining) throws Exception {
        var config = ConfigProvider.getConfig();
        try (var c = DriverManager.getConnection(config.getValue("quarkus.datasource.jdbc.url", String.class),
                config.getValue("quarkus.datasource.username", String.class),
                config.getValue("quarkus.datasource.password", String.class));
                var q = c.prepareStatement("select count(*) from content_resource where product_id = ? and resource_id = ?"
                        + " and event like ?")) {
            q.setLong(1, productId);
            q.setString(2, resourceId);
            q.setString(3, "%" + textContaining + "%");
            try (ResultSet rs = q.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    @Test
    void aProductPublishesReplacesAndDeletesItsResources() throws Exception {
        JsonPath created = createProduct(partner, Map.of("name", "Search App"));
        long id = created.getLong("id");
        String uuid = created.getString("uuid");
        String resource = "order-" + UUID.randomUUID();
        as(product(partner, id)).body(event(uuid, resource, "a task")).post(DATA).then().statusCode(200).body("$", anEmptyMap());
        assertEquals(1, storedRows(id, resource, "a task"));
        var first = DomainEvents.await(e -> "CONTENT_EVENT_PUBLISHED".equals(e.path("type").asText())
                && resource.equals(e.path("payload").path("resourceId").asText()), Duration.ofSeconds(20));
        assertEquals(partner, first.path("partner").asText());
        assertEquals(id, first.path("payload").path("productId").asLong());
        assertEquals(true, first.path("payload").path("created").asBoolean());
        assertEquals("a task", first.path("payload").path("event").path("action").path("text").asText());

        // a repeat replaces the stored resource; the source may be left out
        Map<String, Object> again = new java.util.HashMap<>(event(uuid, resource, "another task"));
        again.put("key", Map.of("instance", "myclient.myapp.com", "resourceId", resource));
        as(product(partner, id)).body(again).post(DATA).then().statusCode(200);
        assertEquals(0, storedRows(id, resource, "a task\""));
        assertEquals(1, storedRows(id, resource, "another task"));
        assertEquals(1, storedRows(id, resource, ""));
        DomainEvents.await(e -> "CONTENT_EVENT_PUBLISHED".equals(e.path("type").asText())
                && resource.equals(e.path("payload").path("resourceId").asText())
                && !e.path("payload").path("created").asBoolean(), Duration.ofSeconds(20));

        // delete needs the key only
        as(product(partner, id)).body(Map.of("key", Map.of("instance", "myclient.myapp.com", "resourceId", resource),
                "action", Map.of("delete", true))).post(DATA).then().statusCode(200).body("$", anEmptyMap());
        assertEquals(0, storedRows(id, resource, ""));
        DomainEvents.await(e -> "CONTENT_RESOURCE_DELETED".equals(e.path("type").asText())
                && resource.equals(e.path("payload").path("resourceId").asText()), Duration.ofSeconds(20));
    }

    @Test
    void invalidEventsAreRefusedInTheReferenceErrorShape() throws Exception {
        JsonPath created = createProduct(partner, Map.of("name", "Strict Search"));
        long id = created.getLong("id");
        String token = product(partner, id);
        as(token).body(Map.of("action", Map.of("verb", "x", "text", "y"))).post(DATA).then().statusCode(400)
                .body("status", equalTo(400)).body("code", equalTo("INVALID_FIELD"))
                .body("message", containsString("key: is required")).body("moreInfo", notNullValue());
        as(token).body(Map.of("key", Map.of("instance", "i", "resourceId", "r"), "action", Map.of("verb", "assigned"),
                "actor", Map.of("name", "Nobody"))).post(DATA).then().statusCode(400)
                .body("status", equalTo(400))
                .body("message", containsString("action.text: is required"))
                .body("message", containsString("actor.identifier: is required"));
        as(token).body(Map.of("key", Map.of("instance", "", "resourceId", "r"))).post(DATA).then().statusCode(400)
                .body("message", containsString("key.instance"));
        as(token).body(Map.of("key", Map.of("instance", "i", "resourceId", "r"),
                "eventMetadata", Map.of("id", "1", "type", "Nope", "timestamp", "now"))).post(DATA).then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", containsString("eventMetadata.type"));
        as(token).body(Map.of("key", Map.of("instance", "i", "resourceId", "r"), "contents", List.of(Map.of("title", "no url"))))
                .post(DATA).then().statusCode(400).body("message", containsString("contents[0].url"));
        as(token).contentType("application/json").body("{\"key\":").post(DATA).then().statusCode(400)
                .body("status", equalTo(400)).body("code", equalTo("INVALID_BODY"));
        assertEquals(0, storedRows(id, "r", ""));
    }

    @Test
    void onlyTheProductItselfPublishes() {
        JsonPath created = createProduct(partner, Map.of("name", "Owned Search"));
        long id = created.getLong("id");
        String uuid = created.getString("uuid");
        JsonPath other = createProduct(partner, Map.of("name", "Other Search"));
        Map<String, Object> body = event(uuid, "r-1", "t");
        for (String caller : List.of(InternalTokens.bearer(partner, Roles.CHANNEL_ADMIN), InternalTokens.bearer(partner, Roles.PARTNER),
                InternalTokens.bearerAsUser(partner, UUID.randomUUID(), Roles.DEVELOPER),
                InternalTokens.bearer(new InternalToken.Claims("svc", "service", partner, Set.of(Roles.SYS_ADMIN), null, null)),
                // vendor credentials without a product claim
                InternalTokens.bearer(new InternalToken.Claims("v", "vendor", partner, Set.of(Roles.VENDOR), null, null)))) {
            as(caller).body(body).post(DATA).then().statusCode(403).body("status", equalTo(403))
                    .body("code", equalTo("FORBIDDEN")).body("moreInfo", notNullValue());
        }
        given().contentType("application/json").body(body).post(DATA).then().statusCode(403).body("status", equalTo(403));
        // another product's resources: 403; a product of another marketplace is as unknown as a missing one
        as(product(partner, other.getLong("id"))).body(body).post(DATA).then().statusCode(403);
        as(product(newPartner(), id)).body(body).post(DATA).then().statusCode(404).body("code", equalTo("NOT_FOUND"))
                .body("message", equalTo("Product " + id + " was not found"));
        as(product(partner, 999999999L)).body(body).post(DATA).then().statusCode(404).body("status", equalTo(404))
                .body("code", equalTo("NOT_FOUND"));
        as(product(partner, id)).body(body).post(DATA).then().statusCode(200);
    }
}
