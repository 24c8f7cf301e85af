package dev.marketplace.gateway.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** One event loop per core but one, at least one; only the event-loop setting is given, at the lowest precedence. */
class EventLoopDefaultTest {
    @Test
    void oneLoopPerCoreButOne() {
        assertEquals(1, EventLoopDefault.loopsFor(1));
        assertEquals(1, EventLoopDefault.loopsFor(2));
        assertEquals(3, EventLoopDefault.loopsFor(4));
        assertEquals(7, EventLoopDefault.loopsFor(8));
    }

    @Test
    void givesOnlyTheEventLoopSettingAndYieldsToAnyOther() {
        EventLoopDefault source = new EventLoopDefault();
        assertEquals(Integer.toString(EventLoopDefault.loopsFor(Runtime.getRuntime().availableProcessors())),
                source.getValue("quarkus.vertx.event-loops-pool-size"));
        assertNull(source.getValue("quarkus.http.port"));
        assertEquals(50, source.getOrdinal(), "below application.properties (250) and the environment (300)");
    }
}
