package dev.marketplace.common.persistence;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import jakarta.enterprise.inject.Instance;
import jakarta.inject.Singleton;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import dev.marketplace.common.error.Errors;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.VertxException;
import io.vertx.core.impl.NoStackTraceThrowable;

/**
 * A request that waited longer than {@link ConnectionPoolConfig#acquisitionTimeout} for a database connection: it is
 * answered 503 with a {@code Retry-After}, never a 500 after Vert.x' 30 s, counted
 * ({@code db_pool_acquisition_timeouts_total}), and reported at WARN at most once per
 * {@link ConnectionPoolConfig#warningInterval}, with the pool's size, its connections in use and its waiters.
 */
@Singleton
public class PoolExhaustion {
    /**
     * Vert.x' messages for a pool that had no connection to give within the acquisition timeout: a waiter's own timer
     * fails it with a bare "Timeout" (a {@code NoStackTraceThrowable}, as {@code Future.failedFuture(String)} makes
     * them), a query sent straight to the pool with "Timeout waiting for connection".
     */
    static final String WAITER_TIMEOUT = "Timeout";
    static final String QUERY_TIMEOUT = "Timeout waiting for connection";
    public static final String CODE = "DATABASE_BUSY";
    private static final Logger LOG = Logger.getLogger(PoolExhaustion.class);

    private final ConnectionPoolConfig config;
    private final int maxSize;
    private final MeterRegistry meters;
    private final Counter timeouts;
    private final LongAdder sinceReport = new LongAdder();
    private final AtomicLong nextReport = new AtomicLong();

    public PoolExhaustion(ConnectionPoolConfig config,
            @ConfigProperty(name = "quarkus.datasource.reactive.max-size", defaultValue = "20") int maxSize,
            Instance<MeterRegistry> meters) {
        this.config = config;
        this.maxSize = maxSize;
        this.meters = meters.isResolvable() ? meters.get() : null;
        this.timeouts = this.meters == null ? null
                : Counter.builder("db.pool.acquisition.timeouts")
                        .description("Requests answered 503 because no database connection was free in time")
                        .register(this.meters);
    }

    /** Whether {@code failure}, however wrapped, is the pool's timeout waiting for a connection. */
    public static boolean isAcquisitionTimeout(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof NoStackTraceThrowable && WAITER_TIMEOUT.equals(t.getMessage())
                    || t instanceof VertxException && QUERY_TIMEOUT.equals(t.getMessage())) {
                return true;
            }
        }
        return false;
    }

    /** The 503 for a request that got no connection in time; counts it and warns when the interval has passed. */
    public Response answer() {
        sinceReport.increment();
        if (timeouts != null) {
            timeouts.increment();
        }
        long now = System.nanoTime();
        long due = nextReport.get();
        if (now - due >= 0 && nextReport.compareAndSet(due, now + config.warningInterval().toNanos())) {
            LOG.warnf("Waited over %d ms for a database connection: %d request(s) answered 503 since the last report;"
                    + " pool of %d connections, %s in use, %s waiting", config.acquisitionTimeout().toMillis(),
                    sinceReport.sumThenReset(), maxSize, poolGauge("sql.pool.active"),
                    poolGauge("sql.pool.queue.size"));
        }
        long retryAfter = Math.max(1, config.retryAfter().toSeconds());
        return Response.fromResponse(Errors.response(503, CODE,
                "The service is too busy to answer right now; try again in " + retryAfter + " s"))
                .header(HttpHeaders.RETRY_AFTER, retryAfter).build();
    }

    /** A gauge of the SQL client's pool from Vert.x' metrics (Quarkus names them {@code <type>.pool.*}), or "?". */
    private String poolGauge(String name) {
        if (meters == null) {
            return "?";
        }
        Gauge gauge = meters.find(name).gauge();
        return gauge == null ? "?" : String.valueOf((long) gauge.value());
    }
}
