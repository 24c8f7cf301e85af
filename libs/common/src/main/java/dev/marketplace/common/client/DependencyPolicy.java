package dev.marketplace.common.client;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;

import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.jboss.logging.Logger;

import dev.marketplace.common.error.ApiException;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import io.smallrye.faulttolerance.api.Guard;

/**
 * The fault-tolerance policy of one dependency (a service of the suite, or an outside API such as the card payment
 * gateway), built as SmallRye Fault Tolerance {@link Guard}s. A service declares each dependency's guards once, as
 * {@code @Produces @Identifier("...")} fields of its {@code client.Dependencies}, and every method of its clients
 * names one with {@code @ApplyGuard}: all the methods guarded by one guard share its circuit breaker, so a dependency
 * that keeps failing is spared by all of them at once.
 * <ul>
 * <li>{@link #idempotent}: reads, and writes made repeatable by an idempotency key. Timeout, breaker, retry.</li>
 * <li>{@link #nonIdempotent}: calls that must not be made twice. The same timeout and breaker, never a retry.</li>
 * </ul>
 * The standard numbers ({@link #standard()}): a 3 s timeout; one retry after 100 ms (plus or minus up to 200 ms of
 * jitter), never into an open breaker; a breaker that opens when half of the last 10 calls failed, stays open 10 s and
 * closes after 2 successful trial calls. A refusal ({@link ServiceRejection}, a 4xx) or the client's own
 * {@link ApiException} (such as the caller's 403) is the dependency answering: neither retried nor counted as a failure.
 * Every number can be changed at run time per guard, e.g.
 * {@code quarkus.fault-tolerance."catalog-idempotent".circuit-breaker.delay=2000}.
 */
public final class DependencyPolicy {
    private static final Logger LOG = Logger.getLogger(DependencyPolicy.class);
    /** Answers about the request, not failures of the dependency. */
    private static final List<Class<? extends Throwable>> ANSWERS = List.of(ServiceRejection.class, ApiException.class);

    private final Duration timeout;
    private final int maxRetries;
    private final Duration retryDelay;
    private final Duration retryJitter;

    private DependencyPolicy(Duration timeout, int maxRetries, Duration retryDelay, Duration retryJitter) {
        this.timeout = timeout;
        this.maxRetries = maxRetries;
        this.retryDelay = retryDelay;
        this.retryJitter = retryJitter;
    }

    public static DependencyPolicy standard() {
        return new DependencyPolicy(Duration.ofSeconds(3), 1, Duration.ofMillis(100), Duration.ofMillis(200));
    }

    /** A dependency slower by nature (a card payment, a creation that does much): its own timeout. */
    public DependencyPolicy timeout(Duration value) {
        return new DependencyPolicy(value, maxRetries, retryDelay, retryJitter);
    }

    /** Retries of the idempotent guard: how many after the first call, and the pause before each. */
    public DependencyPolicy retries(int max, Duration delay, Duration jitter) {
        return new DependencyPolicy(timeout, max, delay, jitter);
    }

    /** The guard of reads and idempotent calls; {@code name} is its {@code @Identifier} and its breaker's name. */
    public Guard idempotent(String name) {
        return base(name)
                .withRetry().maxRetries(maxRetries).delay(retryDelay.toMillis(), ChronoUnit.MILLIS)
                .jitter(retryJitter.toMillis(), ChronoUnit.MILLIS)
                .abortOn(List.of(ServiceRejection.class, ApiException.class, CircuitBreakerOpenException.class)).done()
                .build();
    }

    /** The guard of calls that must not be repeated: no retry, the same timeout and breaker. */
    public Guard nonIdempotent(String name) {
        return base(name).build();
    }

    private Guard.Builder base(String name) {
        return Guard.create().withDescription(name)
                .withTimeout().duration(timeout.toMillis(), ChronoUnit.MILLIS).done()
                .withCircuitBreaker().name(name).requestVolumeThreshold(10).failureRatio(0.5)
                .delay(10_000, ChronoUnit.MILLIS).successThreshold(2).skipOn(ANSWERS)
                .onStateChange(state -> log(name, state)).done();
    }

    private static void log(String name, CircuitBreakerState state) {
        switch (state) {
            case OPEN -> LOG.warnf("Circuit breaker %s opened: calls fail fast until it lets a trial call through", name);
            case CLOSED -> LOG.infof("Circuit breaker %s closed again", name);
            default -> LOG.debugf("Circuit breaker %s is %s", name, state);
        }
    }
}
