package dev.marketplace.gateway.config;

import java.util.Map;
import java.util.Set;

import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * One Vert.x event loop per core but one, and at least one, by default, instead of Quarkus' two per core. Every event
 * loop of the gateway keeps its own upstream and Redis connections (see PerEventLoop), so more loops only spread the
 * same requests over more connections and more thread wake-ups, and about half of a loop's time is the kernel's work of
 * its sends and wake-ups, which needs a core too. In bench/gateway on two cores shared with the upstream and its
 * database: two loops instead of four took the gateway's share of the direct throughput from 53-57 % to 68 %; one loop
 * instead of two then cost 22-30 % less gateway CPU per signed call (0.073 and 0.081 against 0.104 ms) with a lower
 * p99 of the gateway's own hop on the wire (1.76 and 2.23 against 2.68 ms), in one session. Only two cores were
 * measured. Lowest precedence: {@code QUARKUS_VERTX_EVENT_LOOPS_POOL_SIZE} or application.properties still win.
 */
public class EventLoopDefault implements ConfigSource {
    private static final String KEY = "quarkus.vertx.event-loops-pool-size";

    @Override
    public Map<String, String> getProperties() {
        return Map.of(KEY, getValue(KEY));
    }

    @Override
    public Set<String> getPropertyNames() {
        return Set.of(KEY);
    }

    @Override
    public String getValue(String propertyName) {
        return KEY.equals(propertyName) ? Integer.toString(loopsFor(Runtime.getRuntime().availableProcessors())) : null;
    }

    static int loopsFor(int cores) {
        return Math.max(1, cores - 1);
    }

    @Override
    public String getName() {
        return "gateway event-loop default (one per core but one)";
    }

    @Override
    public int getOrdinal() {
        return 50;
    }
}
