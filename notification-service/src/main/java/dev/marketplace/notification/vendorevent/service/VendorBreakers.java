package dev.marketplace.notification.vendorevent.service;

import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.util.TypeLiteral;

import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.jboss.logging.Logger;

import dev.marketplace.notification.NotificationConfig;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import io.smallrye.faulttolerance.api.TypedGuard;
import io.smallrye.mutiny.Uni;

/**
 * One circuit breaker per vendor (product), SmallRye Fault Tolerance's, built with its programmatic API since the key
 * is known only at run time: a guard is created on a vendor's first call, and at most {@code breaker-capacity} are
 * kept (the least recently used is dropped, which forgets its state: closed). Its rolling window is
 * {@code breaker-failure-threshold} calls with a failure ratio of 1, so that many consecutive failed calls open the
 * circuit; after {@code breaker-open-duration} one trial call is let through (half open, success threshold 1): its
 * success closes the circuit, its failure opens it again. A call refused by an open circuit is reported as
 * {@link Refused}; the dispatcher counts it as a failed attempt of the event, so a dead vendor's events park in bounded
 * time without being hammered. State is per process: each replica protects the vendor from its own calls.
 */
@ApplicationScoped
public class VendorBreakers {
    private static final Logger LOG = Logger.getLogger(VendorBreakers.class);
    private static final TypeLiteral<Uni<VendorOutcome>> OUTCOME = new TypeLiteral<>() {
    };

    private final int threshold;
    private final long openMillis;
    private final Map<Long, TypedGuard<Uni<VendorOutcome>>> guards;

    public VendorBreakers(NotificationConfig config) {
        this.threshold = Math.max(1, config.vendor().breakerFailureThreshold());
        this.openMillis = config.vendor().breakerOpenDuration().toMillis();
        int capacity = Math.max(1, config.vendor().breakerCapacity());
        this.guards = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, TypedGuard<Uni<VendorOutcome>>> eldest) {
                return size() > capacity;
            }
        };
    }

    /** The circuit of this vendor is open: no call was made. */
    public static final class Refused extends RuntimeException {
        Refused() {
            super("circuit open: the vendor failed repeatedly; no call made", null, false, false);
        }
    }

    /** A call whose outcome must be tried again: a failure for the vendor's breaker. */
    static final class Failed extends RuntimeException {
        final transient VendorOutcome outcome;

        Failed(VendorOutcome outcome) {
            super(outcome.message(), null, false, false);
            this.outcome = outcome;
        }
    }

    /**
     * Makes {@code call} through the vendor's breaker. An outcome to retry counts as a failure, every other outcome as a
     * success; emits the outcome, or fails with {@link Refused} when the circuit is open.
     */
    public Uni<VendorOutcome> call(long vendor, Supplier<Uni<VendorOutcome>> call) {
        return guard(vendor).get(() -> call.get().invoke(outcome -> {
            if (outcome.kind() == VendorOutcome.Kind.RETRY) {
                throw new Failed(outcome);
            }
        }))
                .onFailure(Failed.class).recoverWithItem(e -> ((Failed) e).outcome)
                .onFailure(CircuitBreakerOpenException.class).transform(e -> new Refused());
    }

    /** An operator retry: the next call goes out whatever the recent failures (the vendor's state is forgotten). */
    public synchronized void reset(long vendor) {
        guards.remove(vendor);
    }

    private synchronized TypedGuard<Uni<VendorOutcome>> guard(long vendor) {
        return guards.computeIfAbsent(vendor, v -> TypedGuard.create(OUTCOME)
                .withDescription("vendor " + v)
                .withCircuitBreaker()
                .requestVolumeThreshold(threshold)
                .failureRatio(1.0)
                .successThreshold(1)
                .delay(openMillis, ChronoUnit.MILLIS)
                .onStateChange(state -> log(v, state))
                .done()
                .build());
    }

    private static void log(long vendor, CircuitBreakerState state) {
        switch (state) {
            case OPEN -> LOG.warnf("Circuit of vendor %d opened after consecutive failures", vendor);
            case CLOSED -> LOG.infof("Circuit of vendor %d closed again", vendor);
            default -> LOG.debugf("Circuit of vendor %d is %s", vendor, state);
        }
    }
}
