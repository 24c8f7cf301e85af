package dev.marketplace.notification.eventlog;

import static dev.marketplace.notification.TestEvents.await;
import static dev.marketplace.notification.TestEvents.envelope;
import static dev.marketplace.notification.TestEvents.publish;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.DateBounds;
import dev.marketplace.testkit.DirectSql;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;

/** {@code fromDate}/{@code toDate} of the event log bounded at the millisecond an event shows include it. */
@QuarkusTest
class EventDateBoundsTest {
    private final String partner = "P" + UUID.randomUUID().toString().substring(0, 8);

    private RequestSpecification asPartner() {
        return given().header("Authorization", InternalTokens.bearer(partner, Roles.PARTNER));
    }

    @Test
    void anEventLoggedAtTheBoundsMillisecondIsInsideIt() {
        EventEnvelope event = envelope("COMPANY_CREATED", partner, "COMPANY", UUID.randomUUID().toString(),
                Map.of("name", "Bounds Co"));
        publish(event);
        String one = "/api/channel/v1/events/" + event.id();
        await("event in the log", Duration.ofSeconds(30), () -> asPartner().get(one).statusCode() == 200);
        // microseconds within the millisecond the event shows, as a clock with microseconds leaves them
        DirectSql.update("update event_log set occurred_on = date_trunc('milliseconds', occurred_on)"
                + " + interval '987 microseconds' where id = ?", event.id());
        long shown = asPartner().get(one).then().statusCode(200).extract().jsonPath().getLong("creationDate");

        assertEquals(List.of(), DateBounds.misjudged(shown, (from, to) -> {
            RequestSpecification request = asPartner();
            if (from != null) {
                request.queryParam("fromDate", from);
            }
            if (to != null) {
                request.queryParam("toDate", to);
            }
            return request.get("/api/channel/v1/events").then().statusCode(200).extract().jsonPath().getList("content.uuid")
                    .contains(event.id().toString());
        }));
    }
}
