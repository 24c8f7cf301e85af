package dev.marketplace.common.persistence;

import java.time.Duration;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * How long a request waits for a database connection, and what it is told when it waited too long. The pool's size is
 * Quarkus' own {@code quarkus.datasource.reactive.max-size} (each service sets it from {@code DB_POOL_MAX_SIZE}).
 */
@ConfigMapping(prefix = "marketplace.datasource")
public interface ConnectionPoolConfig {
    /**
     * The longest a request waits for a connection before it is answered 503 (Vert.x' own default is 30 s, which holds a
     * client for half a minute only to fail it).
     */
    @WithDefault("2s")
    Duration acquisitionTimeout();

    /** The {@code Retry-After} of that 503. */
    @WithDefault("1s")
    Duration retryAfter();

    /** The warning that the pool ran dry is logged at most once per this interval, with how many waited too long. */
    @WithDefault("10s")
    Duration warningInterval();
}
