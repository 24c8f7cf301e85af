package dev.marketplace.common.persistence;

import java.util.concurrent.TimeUnit;

import jakarta.inject.Singleton;

import io.quarkus.reactive.pg.client.PgPoolCreator;
import io.vertx.pgclient.PgPool;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;

/**
 * Creates the service's reactive pool as Quarkus would, but with a bounded wait for a connection
 * ({@link ConnectionPoolConfig#acquisitionTimeout}): Quarkus' configuration has no setting for it. A request that
 * cannot get a connection in time fails with Vert.x' "Timeout waiting for connection", which the shared exception
 * mapper answers 503 with a {@code Retry-After} ({@link PoolExhaustion}).
 */
@Singleton
public class BoundedWaitPoolCreator implements PgPoolCreator {
    private final ConnectionPoolConfig config;

    public BoundedWaitPoolCreator(ConnectionPoolConfig config) {
        this.config = config;
    }

    @Override
    public Pool create(Input input) {
        PoolOptions options = new PoolOptions(input.poolOptions())
                .setConnectionTimeout((int) Math.max(1, config.acquisitionTimeout().toMillis()))
                .setConnectionTimeoutUnit(TimeUnit.MILLISECONDS);
        return PgPool.pool(input.vertx(), input.pgConnectOptionsList(), options);
    }
}
