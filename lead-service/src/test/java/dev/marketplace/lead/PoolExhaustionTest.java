package dev.marketplace.lead;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.persistence.PoolExhaustion;
import dev.marketplace.testkit.SimultaneousRequests;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;

/**
 * A request that cannot get a database connection within the bounded wait (2 s) is answered 503 with a Retry-After,
 * not a 500 after Vert.x' 30 s, and the pool's exhaustion is reported at WARN with its size; once connections are free
 * again the same request answers 200.
 */
@QuarkusTest
class PoolExhaustionTest {
    @Inject
    Pool pool;

    @Test
    void aRequestThatGetsNoConnectionInTimeIs503WithRetryAfterAndAWarning() {
        String partner = Leads.partner();
        UUID marketplace = StubAccount.company("Busy Marketplace", false, false, true, null);
        String list = "/api/lead/v2/leads?context=CHANNEL_ADMIN&size=1&companyId=" + marketplace;
        Leads.channel(partner).get(list).then().statusCode(200);

        List<LogRecord> warnings = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
                    warnings.add(record);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger logger = Logger.getLogger(PoolExhaustion.class.getName());
        logger.addHandler(capture);
        List<SqlConnection> held = new ArrayList<>();
        try {
            for (int i = 0; i < SimultaneousRequests.poolSize(); i++) {
                held.add(pool.getConnection().await().atMost(Duration.ofSeconds(10)));
            }
            long start = System.nanoTime();
            Leads.channel(partner).get(list).then().statusCode(503).header("Retry-After", "1")
                    .body("code", equalTo(PoolExhaustion.CODE));
            long took = Duration.ofNanos(System.nanoTime() - start).toMillis();
            assertTrue(took >= 1_900 && took < 10_000, "answered after the bounded wait, not Vert.x' 30 s: " + took + " ms");
        } finally {
            held.forEach(c -> c.closeAndAwait());
            logger.removeHandler(capture);
        }
        assertEquals(1, warnings.size(), "one warning for the exhausted pool");
        String warning = String.format(warnings.get(0).getMessage(), warnings.get(0).getParameters());
        assertTrue(warning.contains("pool of " + SimultaneousRequests.poolSize() + " connections, "
                + SimultaneousRequests.poolSize() + " in use"), warning);
        Leads.channel(partner).get(list).then().statusCode(200);
    }
}
