package dev.marketplace.devstack;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.response.Response;

/**
 * Domain events travel account-service → outbox → Kafka → notification-service's event log, read through the gateway.
 * With the broker stopped, writes still succeed and their events wait in the outbox; once it is back they arrive.
 */
class EventLogEndToEndTest {
    private final GatewayClient client = GatewayClient.bootstrapConsumer();

    @Test
    void aCreatedCompanyAppearsInTheEventLog() {
        String uuid = createCompany("Logged " + UUID.randomUUID());
        Map<String, Object> event = awaitEvent("COMPANY_CREATED", uuid, Duration.ofSeconds(60));
        String id = (String) event.get("uuid");
        client.signed("GET", "/api/channel/v1/events/" + id).get(client.url("/api/channel/v1/events/" + id))
                .then().statusCode(200).body("type", equalTo("COMPANY_CREATED")).body("aggregate.id", equalTo(uuid))
                .body("partner", equalTo(DevStack.PARTNER));
        client.signed("GET", "/api/channel/v1/events?searchText=" + "x".repeat(1025))
                .get(client.url("/api/channel/v1/events?searchText=" + "x".repeat(1025))).then().statusCode(400);
    }

    @Test
    void aCompanyWrittenWhileKafkaIsDownReachesTheEventLogOnceItIsBack() throws Exception {
        KafkaProcess kafka = Suite.stack().kafka();
        String uuid;
        kafka.stop();
        try {
            // the write does not depend on the broker: its event waits in account-service's outbox
            uuid = createCompany("Written while Kafka is down " + UUID.randomUUID());
            Thread.sleep(3000);
            assertTrue(events(uuid).isEmpty(), "no event can have travelled without a broker");
        } finally {
            kafka.start();
        }
        Map<String, Object> event = awaitEvent("COMPANY_CREATED", uuid, Duration.ofSeconds(120));
        assertEquals(uuid, ((Map<?, ?>) event.get("aggregate")).get("id"));
        // exactly once, even though the relay retried while the broker was away
        Thread.sleep(2000);
        assertEquals(1, events(uuid).stream().filter(e -> "COMPANY_CREATED".equals(e.get("type"))).count());
    }

    private String createCompany(String name) {
        String externalId = "log-" + UUID.randomUUID();
        return client.signed("POST", "/api/account/v2/companies").contentType(ContentType.JSON)
                .body(Map.of("name", name, "externalId", externalId, "countryCode", "CA",
                        "firstUser", Map.of("email", "owner-" + externalId + "@e2e.example", "firstName", "Owner")))
                .post(client.url("/api/account/v2/companies"))
                .then().statusCode(201).extract().path("uuid");
    }

    private List<Map<String, Object>> events(String companyUuid) {
        String path = "/api/channel/v1/events?searchText=" + companyUuid + "&size=50";
        Response response = client.signed("GET", path).get(client.url(path));
        response.then().statusCode(200);
        return response.jsonPath().getList("content");
    }

    private Map<String, Object> awaitEvent(String type, String companyUuid, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            List<Map<String, Object>> found = events(companyUuid).stream().filter(e -> type.equals(e.get("type"))).toList();
            if (!found.isEmpty()) {
                return found.get(0);
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError(type + " for " + companyUuid + " did not reach the event log within " + timeout);
            }
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
