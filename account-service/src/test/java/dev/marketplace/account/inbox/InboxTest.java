package dev.marketplace.account.inbox;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.Test;

import dev.marketplace.account.BillingEvents;
import dev.marketplace.account.Fixtures;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

/**
 * The shared inbox on the real broker and database: a poison event is parked after its attempts while the event behind
 * it on the same partition is processed; a redelivered event is applied once; support staff of the marketplace list,
 * read, retry and discard parked events (others' marketplaces see none), and the management routes see them all.
 */
@QuarkusTest
class InboxTest {
    private static final String PARKED = "/api/account/v2/parked-events";
    private final String partner = "P" + UUID.randomUUID().toString().substring(0, 8);

    private static Map<String, Object> thing(String partner, String key, Map<String, Object> payload) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("id", UUID.randomUUID().toString());
        e.put("type", TroublesomeHandler.TYPE);
        e.put("occurredOn", System.currentTimeMillis());
        e.put("partner", partner);
        e.put("source", "test-service");
        e.put("aggregate", Map.of("type", "THING", "id", key));
        e.put("creator", Map.of());
        e.put("payload", payload);
        return e;
    }

    private RequestSpecification support(String partner) {
        return RestAssured.given().header("Authorization", InternalTokens.bearer(partner, Roles.SUPER_SUPPORT))
                .contentType(ContentType.JSON);
    }

    private static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    @Test
    void aPoisonEventIsParkedTheNextProcessedAndARetryAppliesItOnce() {
        String key = "thing-" + UUID.randomUUID();
        String poisonName = "poison-" + UUID.randomUUID();
        String nextName = "next-" + UUID.randomUUID();
        Map<String, Object> poison = thing(partner, key, Map.of("poison", true, "name", poisonName));
        Map<String, Object> next = thing(partner, key, Map.of("name", nextName));
        BillingEvents.publish(poison);
        BillingEvents.publish(next);
        BillingEvents.publish(next); // a redelivery

        await("the event behind the poison", () -> TroublesomeHandler.APPLIED.contains(nextName));
        String poisonId = (String) poison.get("id");
        await("the poison parked", () -> support(partner).get(PARKED).then().extract().jsonPath()
                .getList("content.eventId").contains(poisonId));
        Map<String, Object> listed = support(partner).get(PARKED).then().statusCode(200).extract().jsonPath()
                .getMap("content.find { it.eventId == '" + poisonId + "' }");
        assertEquals("test-things", listed.get("consumer"));
        assertEquals("PARKED", listed.get("status"));
        assertEquals(6, listed.get("attempts"), "the configured attempts");
        assertTrue(((String) listed.get("error")).contains("a payload this handler always refuses"));
        String id = (String) listed.get("id");

        // the envelope as it came, and nothing of it to another marketplace
        support(partner).get(PARKED + "/" + id).then().statusCode(200).body("envelope.id", equalTo(poisonId))
                .body("envelope.payload.name", equalTo(poisonName));
        support("X" + partner).get(PARKED + "/" + id).then().statusCode(404);
        support("X" + partner).get(PARKED).then().statusCode(200).body("content.id", not(hasItem(id)));
        RestAssured.given().header("Authorization", InternalTokens.bearer(partner, Roles.PARTNER)).get(PARKED).then()
                .statusCode(403);

        // a retry that fails again keeps it parked with one more attempt; once the cause is mended it is processed once
        support(partner).post(PARKED + "/" + id + "/retry").then().statusCode(200).body("status", equalTo("PARKED"))
                .body("attempts", equalTo(7));
        // the parked_events gauge (alert MarketplaceEventsParked) counts it: a retry recounts at once
        String metrics = RestAssured.given().get("/q/metrics").then().statusCode(200).extract().asString();
        assertTrue(metrics.lines().anyMatch(l -> l.startsWith("parked_events{") && l.contains("consumer=\"test-things\"")
                && l.contains("type=\"" + TroublesomeHandler.TYPE + "\"") && Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)) >= 1),
                "parked_events of test-things in /q/metrics");
        TroublesomeHandler.CURED.set(true);
        try {
            support(partner).post(PARKED + "/" + id + "/retry").then().statusCode(200)
                    .body("status", equalTo("PROCESSED")).body("resolution", equalTo("retried"));
            support(partner).post(PARKED + "/" + id + "/retry").then().statusCode(409).body("code", equalTo("NOT_PARKED"));
            BillingEvents.publish(poison); // redelivered after the retry: already processed
            BillingEvents.publish(thing(partner, key, Map.of("name", "marker")));
            await("the marker", () -> TroublesomeHandler.APPLIED.contains("marker"));
        } finally {
            TroublesomeHandler.CURED.set(false);
        }
        assertEquals(1, TroublesomeHandler.APPLIED.stream().filter(poisonName::equals).count(), "the poison applied once");
        assertEquals(1, TroublesomeHandler.APPLIED.stream().filter(nextName::equals).count(), "the redelivery skipped");
    }

    @Test
    void discardKeepsTheReasonAndRetryAllTakesEveryParkedEventOfAType() {
        String key = "thing-" + UUID.randomUUID();
        Map<String, Object> one = thing(partner, key, Map.of("poison", true, "name", "one-" + UUID.randomUUID()));
        Map<String, Object> two = thing(partner, key, Map.of("poison", true, "name", "two-" + UUID.randomUUID()));
        BillingEvents.publish(one);
        BillingEvents.publish(two);
        await("both parked", () -> support(partner).get(PARKED).then().extract().jsonPath().getList("content.eventId")
                .containsAll(List.of(one.get("id"), two.get("id"))));
        String oneId = support(partner).get(PARKED).then().extract().jsonPath()
                .getString("content.find { it.eventId == '" + one.get("id") + "' }.id");

        support(partner).body(Map.of()).post(PARKED + "/" + oneId + "/discard").then().statusCode(400)
                .body("message", org.hamcrest.Matchers.containsString("reason"));
        support(partner).body(Map.of("reason", "test data, nothing to apply")).post(PARKED + "/" + oneId + "/discard")
                .then().statusCode(200).body("status", equalTo("DISCARDED"))
                .body("resolution", equalTo("test data, nothing to apply"));
        support(partner).get(PARKED + "?status=DISCARDED").then().statusCode(200).body("content.id", hasItem(oneId));

        // the management routes see every marketplace's parked events
        RestAssured.given().get("/q/parked-events?type=" + TroublesomeHandler.TYPE).then().statusCode(200)
                .body("content.eventId", hasItem(two.get("id")));

        TroublesomeHandler.CURED.set(true);
        try {
            support(partner).post(PARKED + "/retry?type=" + TroublesomeHandler.TYPE).then().statusCode(200)
                    .body("processed", equalTo(1)).body("parked", equalTo(0));
        } finally {
            TroublesomeHandler.CURED.set(false);
        }
        support(partner).get(PARKED).then().statusCode(200).body("content.eventId", not(hasItem(two.get("id"))));
    }

    @Test
    void aRecordThatIsNoEnvelopeIsParkedAsItCame() {
        String garbage = "not json at all " + UUID.randomUUID();
        BillingEvents.publishRaw("garbage", garbage);
        await("the record parked", () -> RestAssured.given().get("/q/parked-events?size=100").then().statusCode(200)
                .extract().jsonPath().<Map<String, Object>>getList("content").stream()
                .filter(row -> "domain-events".equals(row.get("consumer")))
                .anyMatch(row -> garbage.equals(RestAssured.given().get("/q/parked-events/" + row.get("id")).then()
                        .statusCode(200).extract().path("envelope"))));
    }
}
