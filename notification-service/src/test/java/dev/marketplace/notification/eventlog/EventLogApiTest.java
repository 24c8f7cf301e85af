package dev.marketplace.notification.eventlog;

import static dev.marketplace.testkit.ErrorBodies.errorBody;
import static dev.marketplace.notification.TestEvents.await;
import static dev.marketplace.notification.TestEvents.envelope;
import static dev.marketplace.notification.TestEvents.publish;
import static dev.marketplace.notification.TestEvents.withTime;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.security.Roles;
import dev.marketplace.notification.TestEvents;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;

@QuarkusTest
class EventLogApiTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private final String partner = "P" + UUID.randomUUID().toString().substring(0, 8);

    private RequestSpecification as(String partner, String... roles) {
        return given().header("Authorization", InternalTokens.bearer(partner, roles));
    }

    private RequestSpecification asPartner() {
        return as(partner, Roles.PARTNER);
    }

    private int total(Map<String, Object> query) {
        return asPartner().queryParams(query).get("/api/channel/v1/events").then().statusCode(200)
                .extract().path("page.totalElements");
    }

    private void awaitLogged(EventEnvelope event) {
        await("event " + event.id() + " in the log", WAIT,
                () -> asPartner().get("/api/channel/v1/events/" + event.id()).statusCode() == 200);
    }

    @Test
    void storesEachEventOnceEvenWhenPublishedTwice() {
        EventEnvelope event = envelope("COMPANY_CREATED", partner, "COMPANY", UUID.randomUUID().toString(),
                Map.of("name", "Twice Co"));
        publish(event);
        publish(event);
        EventEnvelope marker = envelope("COMPANY_UPDATED", partner, "COMPANY", event.aggregate().id(), Map.of("name", "Later"));
        publish(marker);
        awaitLogged(event);
        awaitLogged(marker);
        // the marker was published after the duplicate on the same partition (same key): the duplicate was handled
        assertEquals(2, total(Map.of()));
        asPartner().queryParam("type", "COMPANY_CREATED").get("/api/channel/v1/events").then().statusCode(200)
                .body("page.totalElements", equalTo(1))
                .body("content[0].uuid", equalTo(event.id().toString()));
    }

    @Test
    void readsOneEventWithEnvelopeFieldsAndWithoutNotifications() {
        Map<String, Object> payload = TestEvents.notifying("INVITE_USER", "EMAIL", List.of("x-" + partner + "@example.com"),
                "en", Map.of("temporaryPassword", "s3cret"));
        payload.put("orderId", 4711);
        payload.put("company", Map.of("uuid", "c-1", "name", "Acme"));
        EventEnvelope event = withTime(envelope("SUBSCRIPTION_ORDER", partner, "ORDER", "4711", payload), 1_700_000_000_000L);
        publish(event);
        awaitLogged(event);
        asPartner().get("/api/channel/v1/events/" + event.id()).then().statusCode(200)
                .body("uuid", equalTo(event.id().toString()))
                .body("type", equalTo("SUBSCRIPTION_ORDER"))
                .body("creationDate", equalTo(1_700_000_000_000L))
                .body("partner", equalTo(partner))
                .body("source", equalTo("test-service"))
                .body("aggregate.type", equalTo("ORDER"))
                .body("aggregate.id", equalTo("4711"))
                .body("creator.consumerKey", equalTo("test-" + partner))
                .body("orderId", equalTo(4711))
                .body("company.companyId", equalTo("c-1"))
                .body("company.name", equalTo("Acme"))
                .body("payload.orderId", equalTo(4711))
                .body("payload", not(hasKey("notifications")))
                .body("consumed", nullValue())
                .body("links.rel", hasItem("self"))
                .body("links[0].href", containsString("/api/channel/v1/events/" + event.id()));
    }

    @Test
    void filtersByTypeDatesOrderIdAndSearchTextAndSortsAndPages() {
        EventEnvelope a = withTime(envelope("ALPHA", partner, "THING", "a", Map.of("orderId", 1, "note", "red apple")), 1_000_000L);
        EventEnvelope b = withTime(envelope("BETA", partner, "THING", "b", Map.of("order", Map.of("id", 2), "note", "green pear")), 2_000_000L);
        EventEnvelope c = withTime(envelope("BETA", partner, "THING", "c", Map.of("orderId", "3", "note", "50%_off")), 3_000_000L);
        publish(a);
        publish(b);
        publish(c);
        awaitLogged(a);
        awaitLogged(b);
        awaitLogged(c);

        asPartner().get("/api/channel/v1/events").then().statusCode(200)
                .body("content.uuid", contains(a.id().toString(), b.id().toString(), c.id().toString()))
                .body("page.size", equalTo(50)).body("page.number", equalTo(0)).body("page.totalPages", equalTo(1));
        asPartner().queryParam("sortOrder", "DESC").get("/api/channel/v1/events").then().statusCode(200)
                .body("content.uuid", contains(c.id().toString(), b.id().toString(), a.id().toString()));
        assertEquals(2, total(Map.of("type", "BETA")));
        asPartner().queryParam("fromDate", 1_500_000L).queryParam("toDate", 2_500_000L).get("/api/channel/v1/events").then()
                .statusCode(200).body("content.uuid", contains(b.id().toString()));
        asPartner().queryParam("fromDate", 2_000_000L).get("/api/channel/v1/events").then()
                .statusCode(200).body("content.uuid", contains(b.id().toString(), c.id().toString()));
        asPartner().queryParam("orderId", 2).get("/api/channel/v1/events").then()
                .statusCode(200).body("content.uuid", contains(b.id().toString()));
        asPartner().queryParam("orderId", 3).get("/api/channel/v1/events").then()
                .statusCode(200).body("content.uuid", contains(c.id().toString()));
        asPartner().queryParam("searchText", "APPLE").get("/api/channel/v1/events").then()
                .statusCode(200).body("content.uuid", contains(a.id().toString()));
        asPartner().queryParam("searchText", "%_").get("/api/channel/v1/events").then()
                .statusCode(200).body("content.uuid", contains(c.id().toString()));
        asPartner().queryParam("searchText", "x".repeat(1024)).get("/api/channel/v1/events").then()
                .statusCode(200).body("page.totalElements", equalTo(0));
        asPartner().queryParam("size", 2).queryParam("page", 1).get("/api/channel/v1/events").then().statusCode(200)
                .body("content.uuid", contains(c.id().toString()))
                .body("page.size", equalTo(2)).body("page.totalElements", equalTo(3)).body("page.totalPages", equalTo(2))
                .body("page.number", equalTo(1))
                .body("links.rel", hasItem("prev"));
        asPartner().queryParam("size", 2).get("/api/channel/v1/events").then().statusCode(200)
                .body("links.rel", hasItem("next"));
    }

    @Test
    void refusesInvalidQueries() {
        asPartner().queryParam("searchText", "x".repeat(1025)).get("/api/channel/v1/events").then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", containsString("searchText"));
        asPartner().queryParam("sortOrder", "UP").get("/api/channel/v1/events").then().statusCode(400)
                .body("message", containsString("sortOrder"));
        asPartner().queryParam("fromDate", "yesterday").get("/api/channel/v1/events").then().statusCode(400)
                .body("message", containsString("fromDate"));
        asPartner().queryParam("orderId", "abc").get("/api/channel/v1/events").then().statusCode(400)
                .body("message", containsString("orderId"));
        asPartner().queryParam("size", "0").get("/api/channel/v1/events").then().statusCode(400)
                .body("message", containsString("size"));
        asPartner().queryParam("page", "-1").get("/api/channel/v1/events").then().statusCode(400)
                .body("message", containsString("page"));
        asPartner().queryParam("fromDate", 5).queryParam("toDate", 4).get("/api/channel/v1/events").then().statusCode(400)
                .body("message", containsString("fromDate"));
        asPartner().get("/api/channel/v1/events/not-a-uuid").then().statusCode(400).body("message", containsString("eventId"));
        asPartner().get("/api/channel/v1/events/" + UUID.randomUUID()).then().statusCode(404).body("code", equalTo("NOT_FOUND"));
    }

    @Test
    void scopesEverythingToTheCallersPartnerAndRoles() {
        EventEnvelope event = envelope("COMPANY_CREATED", partner, "COMPANY", UUID.randomUUID().toString(), Map.of("name", "Mine"));
        publish(event);
        awaitLogged(event);
        String other = "O" + UUID.randomUUID().toString().substring(0, 8);
        // (another marketplace's event by id: anotherMarketplacesEventIsAsUnknownAsAMissingOne)
        as(other, Roles.PARTNER).get("/api/channel/v1/events").then().statusCode(200).body("page.totalElements", equalTo(0));
        for (String role : List.of(Roles.PARTNER_READ, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT)) {
            as(partner, role).get("/api/channel/v1/events/" + event.id()).then().statusCode(200);
        }
        as(partner, Roles.USER).get("/api/channel/v1/events").then().statusCode(403);
        as(partner, Roles.VENDOR).get("/api/channel/v1/events/" + event.id()).then().statusCode(403);
        given().get("/api/channel/v1/events").then().statusCode(403);
        given().header("Authorization", "Bearer not-a-token").get("/api/channel/v1/events").then().statusCode(403);
    }

    /**
     * Another marketplace's event answers exactly as an id that does not exist (404 NOT_FOUND, the same body but for
     * the id), for every role that reads the log; the old code answered 403.
     */
    @Test
    void anotherMarketplacesEventIsAsUnknownAsAMissingOne() {
        EventEnvelope event = envelope("COMPANY_CREATED", partner, "COMPANY", UUID.randomUUID().toString(), Map.of("name", "Mine"));
        publish(event);
        awaitLogged(event);
        String other = "O" + UUID.randomUUID().toString().substring(0, 8);
        for (String id : List.of(event.id().toString(), UUID.randomUUID().toString())) {
            for (String role : List.of(Roles.PARTNER, Roles.PARTNER_READ, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT)) {
                as(other, role).get("/api/channel/v1/events/" + id).then().statusCode(404)
                        .body(errorBody("{\"code\":\"NOT_FOUND\",\"message\":\"Event " + id + " was not found\"}"));
            }
        }
        asPartner().get("/api/channel/v1/events/" + event.id()).then().statusCode(200);
    }

    @Test
    void skipsRecordsThatAreNotEventsAndKeepsConsuming() {
        TestEvents.publishRaw("junk", "this is not json");
        TestEvents.publishRaw("junk", "{\"type\":\"NO_ID\"}");
        EventEnvelope event = envelope("AFTER_JUNK", partner, "THING", "junk", Map.of());
        publish(event);
        awaitLogged(event);
        assertEquals(1, total(Map.of("type", "AFTER_JUNK")));
    }
}
