package dev.marketplace.account.observability;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jboss.logmanager.ExtLogRecord;
import org.junit.jupiter.api.Test;

import dev.marketplace.account.Fixtures;
import dev.marketplace.common.events.OutboxRelay;
import io.quarkus.test.junit.QuarkusTest;

/**
 * What operators page on, as a service exports it on /q/metrics: latency histograms per route template, the outbox
 * backlog and its oldest row's age, the Kafka consumer's lag; and the request id on every answer and in the MDC of the
 * request's log lines.
 */
@QuarkusTest
class ObservabilityTest {
    private static final String UUID_V4 = "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}";
    private final Fixtures fixtures = new Fixtures();
    private final OutboxRelay relay;

    ObservabilityTest(OutboxRelay relay) {
        this.relay = relay;
    }

    private static String scrape() {
        return given().get("/q/metrics").then().statusCode(200).extract().asString();
    }

    /** The value of the first series of {@code name} whose labels contain every one of {@code labels}. */
    private static double value(String scraped, String name, String... labels) {
        for (String line : scraped.lines().toList()) {
            if (line.startsWith(name + "{") || line.startsWith(name + " ")) {
                boolean all = true;
                for (String label : labels) {
                    all &= line.contains(label);
                }
                if (all) {
                    return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
                }
            }
        }
        throw new AssertionError("no " + name + " " + List.of(labels) + " in /q/metrics");
    }

    @Test
    void latencyIsAHistogramPerRouteTemplateNeverPerRawPath() {
        Fixtures.Co co = fixtures.company("Histogram Co", true);
        for (int i = 0; i < 3; i++) {
            fixtures.asPartner().get("/api/account/v2/companies/" + co.uuid()).then().statusCode(200);
        }
        String scraped = scrape();
        Matcher template = Pattern.compile("http_server_requests_seconds_bucket\\{[^}]*method=\"GET\"[^}]*status=\"200\","
                + "uri=\"(/api/account/v2/companies/\\{[^}\"]+\\})\",le=\"0\\.5\"\\} ([0-9.E]+)").matcher(scraped);
        assertTrue(template.find(), "a 0.5 s bucket of GET /api/account/v2/companies/{id}");
        assertTrue(Double.parseDouble(template.group(2)) >= 3, template.group());
        for (String le : new String[] { "0.005", "0.05", "0.25", "1.0", "10.0", "+Inf" }) {
            value(scraped, "http_server_requests_seconds_bucket", "uri=\"" + template.group(1) + "\"", "le=\"" + le + "\"");
        }
        assertFalse(scraped.contains(co.uuid()), "no company id in any series");
    }

    @Test
    void theOutboxBacklogAndItsAgeAreGauges() throws Exception {
        fixtures.company("Outbox Co", true); // its events go through the outbox
        relay.countBacklog();
        String scraped = scrape();
        double backlog = value(scraped, "outbox_backlog");
        double age = value(scraped, "outbox_oldest_unsent_age_seconds");
        assertTrue(backlog >= 0 && backlog < 1000, "outbox_backlog " + backlog);
        assertTrue(age >= 0 && age < 60, "outbox_oldest_unsent_age_seconds " + age);
        if (backlog == 0) {
            assertEquals(0, age, "nothing waits: no age");
        }
    }

    /** The other series the alerts and dashboards (deploy/kubernetes) read, each with a number. */
    @Test
    void whatTheAlertsAndDashboardsReadIsExported() {
        fixtures.company("Series Co", true);
        String scraped = scrape();
        for (String name : new String[] { "http_server_requests_seconds_count", "http_server_requests_seconds_sum",
                "http_server_requests_seconds_max", "outbox_events_published_total", "outbox_relay_listening",
                "db_pool_acquisition_timeouts_total", "process_cpu_usage", "jvm_memory_used_bytes" }) {
            double value = value(scraped, name);
            assertTrue(value >= 0, name + " " + value);
        }
        assertTrue(value(scraped, "http_server_requests_seconds_count", "status=\"201\"") >= 1, "the company's creation");
    }

    @Test
    void theKafkaConsumersLagIsExported() throws Exception {
        // the domain-events consumer (group account-service) polls from start-up; its fetch metrics appear once it has
        String scraped = scrape();
        for (int i = 0; i < 100 && !scraped.contains("kafka_consumer_fetch_manager_records_lag_max{"); i++) {
            Thread.sleep(100);
            scraped = scrape();
        }
        Matcher lag = Pattern.compile("kafka_consumer_fetch_manager_records_lag_max\\{[^}]*client_id=\"[^\"]+\"[^}]*\\} (\\S+)")
                .matcher(scraped);
        assertTrue(lag.find(), "kafka_consumer_fetch_manager_records_lag_max in /q/metrics");
        double value = Double.parseDouble(lag.group(1));
        assertTrue(Double.isNaN(value) || value >= 0, lag.group());
        assertTrue(scraped.contains("kafka_consumer_fetch_manager_records_lag{") || scraped.contains("kafka_consumer_fetch_manager_records_lag_max{"));
    }

    @Test
    void everyAnswerCarriesTheRequestIdAndEveryLogLineOfTheRequestToo() {
        String path = "/api/account/v2/companies/" + java.util.UUID.randomUUID();
        fixtures.asPartner().header("X-Request-Id", "from-the-gateway-1").get(path).then().statusCode(404)
                .header("X-Request-Id", "from-the-gateway-1").body("requestId", equalTo("from-the-gateway-1"));
        String generated = fixtures.asPartner().get(path).then().statusCode(404).header("X-Request-Id", matchesPattern(UUID_V4))
                .extract().header("X-Request-Id");
        fixtures.asPartner().header("X-Request-Id", generated).get(path).then().body("requestId", equalTo(generated));
        // every kind of error body: a rule violation (400), an unknown media type (415), the plain 403
        fixtures.asPartner().header("X-Request-Id", "bad-body-1").contentType("application/json").body("[")
                .post("/api/account/v2/companies").then().statusCode(400).body("requestId", equalTo("bad-body-1"));
        fixtures.asPartner().header("X-Request-Id", "media-1").contentType("text/plain").body("x")
                .post("/api/account/v2/companies").then().statusCode(415).body("requestId", equalTo("media-1"));
        given().header("X-Request-Id", "denied-1").get(path).then().statusCode(403).body("requestId", equalTo("denied-1"));
        fixtures.asPartner().header("X-Request-Id", "bad id\"").get(path).then().statusCode(404)
                .header("X-Request-Id", matchesPattern(UUID_V4));
        given().get(path).then().statusCode(403).header("X-Request-Id", matchesPattern(UUID_V4));

        List<LogRecord> records = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                ((ExtLogRecord) record).copyMdc(); // the MDC as it is on the thread that logs
                records.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger logger = Logger.getLogger(RequestIdProbe.CATEGORY);
        logger.addHandler(capture);
        try {
            given().header("X-Request-Id", "probe-42").get("/test/request-id-probe").then().statusCode(200)
                    .header("X-Request-Id", "probe-42").body(equalTo("probe-42"));
        } finally {
            logger.removeHandler(capture);
        }
        assertEquals(1, records.size());
        ExtLogRecord logged = (ExtLogRecord) records.get(0);
        assertEquals("probe-42", logged.getMdcCopy().get("requestId"), "the log line carries the id: " + logged.getMdcCopy() + " on " + logged.getThreadName());
    }
}
