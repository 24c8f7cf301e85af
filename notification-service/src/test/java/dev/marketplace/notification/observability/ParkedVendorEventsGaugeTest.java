package dev.marketplace.notification.observability;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.observability.RowCountGauges;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;

/**
 * vendor_events_parked (application.properties: a row count of libs/common's RowCountGauges) counts the vendor events
 * delivery gave up on, and only those, on /q/metrics.
 */
@QuarkusTest
class ParkedVendorEventsGaugeTest {
    private final Pool pool;
    private final RowCountGauges gauges;

    ParkedVendorEventsGaugeTest(Pool pool, RowCountGauges gauges) {
        this.pool = pool;
        this.gauges = gauges;
    }

    private double scraped() {
        gauges.refresh().await().atMost(Duration.ofSeconds(10));
        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        return metrics.lines().filter(l -> l.startsWith("vendor_events_parked ") || l.startsWith("vendor_events_parked{"))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).findFirst()
                .orElseThrow(() -> new AssertionError("no vendor_events_parked in /q/metrics"));
    }

    private UUID insert(String status) {
        UUID id = UUID.randomUUID();
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        pool.preparedQuery("insert into vendor_event (id, token, partner, product_id, event_type, event_url, document, status,"
                + " next_attempt_at, created_on) values ($1, $2, 'GAUGES', 1, 'SUBSCRIPTION_ORDER', 'http://x/e', '{}', $3, $4, $4)")
                .execute(Tuple.of(id, "t" + id.toString().replace("-", ""), status, now)).await().atMost(Duration.ofSeconds(10));
        return id;
    }

    @Test
    void parkedVendorEventsAreCountedAndNothingElse() {
        double before = scraped();
        UUID parked = insert("PARKED");
        UUID pending = insert("PENDING");
        try {
            assertEquals(before + 1, scraped(), "the parked event counts, the pending one does not");
        } finally {
            pool.preparedQuery("delete from vendor_event where id = any($1)").execute(Tuple.of(new UUID[] { parked, pending }))
                    .await().atMost(Duration.ofSeconds(10));
        }
        assertEquals(before, scraped());
    }
}
