package dev.marketplace.notification;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import dev.marketplace.testkit.SimultaneousRequests;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Four times the pool's size of list requests at once, each answered 200 within 2 s: before, 40 simultaneous event-log
 * pages were all without an answer for 20 s (a page held its session's connection while it waited for another).
 */
@QuarkusTest
class ListConcurrencyTest {
    @Test
    void everyListAnswersABurstOfFourTimesThePoolSize() {
        String partner = "P" + UUID.randomUUID().toString().substring(0, 8);
        TestEvents.publish(TestEvents.envelope("COMPANY_CREATED", partner, "company", UUID.randomUUID().toString(),
                Map.of("name", "Burst")));
        List<String> lists = List.of("/api/channel/v1/events?size=1", "/api/channel/v1/events?size=1&type=COMPANY_CREATED",
                "/api/notification/v1/deliveries?size=1", "/api/notification/v1/vendor-events?size=1");
        SimultaneousRequests.assertAllAnswered(lists, InternalTokens.bearer(partner, Roles.PARTNER), Duration.ofSeconds(2));
    }
}
