package dev.marketplace.gateway.config;

import java.util.Map;
import java.util.Set;

import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * One Vert.x event loop per core by default, instead of Quarkus' two. Every event loop of the gateway keeps its own
 * upstream and Redis connections (see PerEventLoop), so more loops than cores only spread the same requests over more
 * connections and more thread wake-ups: in bench/gateway on two cores, two loops instead of four took the gateway's
 * share of the direct throughput from 53-57 % to 68 %. Lowest precedence: {@code QUARKUS_VERTX_EVENT_LOOPS_POOL_SIZE}
 * or application.properties still win.
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
        return KEY.equals(propertyName) ? Integer.toString(Runtime.getRuntime().availableProcessors()) : null;
    }

    @Override
    public String getName() {
        return "gateway event-loop default (one per core)";
    }

    @Override
    public int getOrdinal() {
        return 50;
    }
}
